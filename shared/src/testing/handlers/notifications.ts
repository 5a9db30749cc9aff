import { HttpResponse, http } from 'msw';

/**
 * Contract v1.4's notifications, as a provider that serves them answers: a feed of three (two
 * unread: a payment due and a kind this client does not know), the count, and marking read.
 * Shaped by the contract, not by a slice's types (shared cannot import a slice).
 */
export const notificationsFeed = [
  {
    id: 103,
    kind: 'payment_due',
    created_at: '2026-12-19T06:00:00Z',
    read_at: null,
    loan: 11,
    order: null,
    amount: '310.50',
    date: '2026-12-22',
    title: 'გადახდის შეხსენება',
    body: 'სესხი №11: გადასახდელია 310,50 ₾, გადახდის თარიღი 22.12.2026.',
  },
  {
    id: 102,
    kind: 'loyalty_bonus',
    created_at: '2026-12-10T08:30:00Z',
    read_at: null,
    loan: null,
    order: null,
    amount: null,
    date: null,
    title: 'ბონუსი <b>ერთგულებისთვის</b>',
    body: 'მომდევნო სესხზე საკომისიო <script>alert(1)</script> ნაკლებია.',
  },
  {
    id: 101,
    kind: 'payment_received',
    created_at: '2026-11-22T11:05:00Z',
    read_at: '2026-11-22T12:00:00Z',
    loan: 11,
    order: 7,
    amount: '310.50',
    date: '2026-11-22',
    title: 'გადახდა მიღებულია',
    body: 'სესხი №11: მივიღეთ 310,50 ₾, 22.11.2026. გმადლობთ.',
  },
] as const;

const unreadIds = () => notificationsFeed.filter((each) => each.read_at === null).map((n) => n.id);

export const notificationHandlers = [
  http.get('*/api/user/notifications/', () =>
    HttpResponse.json({ results: notificationsFeed, has_more: false }),
  ),
  http.get('*/api/user/notifications/unread_count/', () =>
    HttpResponse.json({ unread: unreadIds().length }),
  ),
  http.post('*/api/user/notifications/read/', async ({ request }) => {
    const body = (await request.json()) as { ids?: number[]; all?: boolean };
    const left = body.all ? [] : unreadIds().filter((id) => !body.ids?.includes(id));
    return HttpResponse.json({ unread: left.length });
  }),
];

/** A provider without v1.4: each of its calls is a 404. */
export const withoutNotificationHandlers = [
  http.get('*/api/user/notifications/', () => new HttpResponse(null, { status: 404 })),
  http.get('*/api/user/notifications/unread_count/', () => new HttpResponse(null, { status: 404 })),
  http.post('*/api/user/notifications/read/', () => new HttpResponse(null, { status: 404 })),
];
