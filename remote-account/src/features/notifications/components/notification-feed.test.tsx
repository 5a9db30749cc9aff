import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { queryClient } from 'shared/query/query-client';
import { unreadCountQuery } from 'shared/query/unread-count';
import { NOTIFICATIONS_BUTTON_ID, useNotificationPanel } from 'shared/stores/notification-panel';
import { logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { renderEntry } from '../../../testing/entry-harness';
import { kaNotifications as t } from '../ka-notifications';

/** A notification as the provider sends it; the test names what matters. */
function notification(id: number, fields: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'payment_received',
    created_at: '2026-11-22T11:05:00Z',
    read_at: '2026-11-22T12:00:00Z',
    loan: 11,
    order: id,
    amount: '10.00',
    date: '2026-11-22',
    title: 'გადახდა მიღებულია',
    body: 'მივიღეთ.',
    ...fields,
  };
}

/** Records each mark-as-read body; the default handler answers. */
function watchReads(): unknown[] {
  const bodies: unknown[] = [];
  mswServer.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname === '/api/user/notifications/read/') {
      bodies.push(await request.clone().json());
    }
  });
  return bodies;
}

async function openFeed() {
  logInAs();
  renderEntry();
  act(() => useNotificationPanel.getState().request());
  return screen.findByRole('dialog', { name: t.title });
}

describe('the notifications feed', () => {
  afterEach(() => mswServer.events.removeAllListeners());

  it('says each known kind in the client’s words with its act, and an unknown kind in the provider’s plain text', async () => {
    const feed = await openFeed();
    const items = await within(feed).findAllByRole('article');
    expect(items).toHaveLength(3);

    // Newest first: the payment due, in our words, with the shared money and date format.
    const due = items[0] as HTMLElement;
    expect(due).toHaveTextContent('გადახდის შეხსენება');
    expect(due).toHaveTextContent('სესხი №11: 22 დეკემბერი, 2026-მდე გადასახდელია 310,50 ₾.');
    expect(within(due).getByRole('link', { name: 'გადახდა' })).toHaveAttribute('href', '/?pay=11');
    expect(due).toHaveTextContent(t.unread);

    // A kind the client does not know: the provider's text, as text, never as markup.
    const unknown = items[1] as HTMLElement;
    expect(unknown).toHaveTextContent('ბონუსი <b>ერთგულებისთვის</b>');
    expect(unknown).toHaveTextContent('<script>alert(1)</script>');
    expect(unknown.querySelector('b, script')).toBeNull();
    expect(within(unknown).queryByRole('link')).toBeNull();

    // A payment received leads to its receipt, and was read before.
    const received = items[2] as HTMLElement;
    expect(within(received).getByRole('link', { name: 'ქვითრის ნახვა' })).toHaveAttribute(
      'href',
      '/payment?order=7',
    );
    expect(received).not.toHaveTextContent(t.unread);
  });

  it('marks the unread ones shown as read, once, and the count follows the provider', async () => {
    const reads = watchReads();
    await openFeed();
    await waitFor(() => expect(reads).toEqual([{ ids: [103, 102] }]));
    await waitFor(() =>
      expect(queryClient.getQueryData(unreadCountQuery.queryKey)).toEqual({ unread: 0 }),
    );
  });

  it('loads twenty at a time, older ones on request', async () => {
    const asked: (string | null)[] = [];
    mswServer.use(
      http.get('*/api/user/notifications/', ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        asked.push(before);
        const first = before === null;
        const ids = first ? [...Array(20).keys()].map((i) => 60 - i) : [40, 39];
        return HttpResponse.json({ results: ids.map((id) => notification(id)), has_more: first });
      }),
    );
    const user = userEvent.setup();
    const feed = await openFeed();
    expect(await within(feed).findAllByRole('article')).toHaveLength(20);

    await user.click(within(feed).getByRole('button', { name: t.more }));

    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(22));
    expect(asked).toEqual([null, '41']);
    expect(within(feed).queryByRole('button', { name: t.more })).toBeNull();
  });

  it('marks all as read: the count is the provider’s, nothing shows as new', async () => {
    mswServer.use(
      http.get('*/api/user/notifications/unread_count/', () => HttpResponse.json({ unread: 5 })),
      // Older unread ones remain after the shown ones are read.
      http.post('*/api/user/notifications/read/', async ({ request }) => {
        const body = (await request.json()) as { all?: boolean };
        return HttpResponse.json({ unread: body.all ? 0 : 3 });
      }),
    );
    const reads = watchReads();
    const user = userEvent.setup();
    const feed = await openFeed();
    const markAll = await within(feed).findByRole('button', { name: t.markAll });

    await user.click(markAll);

    expect(await within(feed).findByRole('status')).toHaveTextContent(t.allRead);
    expect(reads).toContainEqual({ all: true });
    expect(queryClient.getQueryData(unreadCountQuery.queryKey)).toEqual({ unread: 0 });
    expect(within(feed).queryByText(t.unread)).toBeNull();
    expect(within(feed).queryByRole('button', { name: t.markAll })).toBeNull();
  });

  it('closes when a notification leads to its act, and gives focus back to the header’s button on Escape', async () => {
    const user = userEvent.setup();
    const bell = document.createElement('button');
    bell.id = NOTIFICATIONS_BUTTON_ID;
    document.body.append(bell);
    let feed = await openFeed();
    const [due] = await within(feed).findAllByRole('article');

    await user.click(within(due as HTMLElement).getByRole('link', { name: 'გადახდა' }));

    // Gone, and the focus is not pulled back to the bell: it goes where the link leads.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).not.toHaveFocus();

    act(() => useNotificationPanel.getState().request());
    feed = await screen.findByRole('dialog', { name: t.title });
    await within(feed).findAllByRole('article');
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    bell.remove();
  });

  it('says the feed failed with a retry, and shows it once the provider answers', async () => {
    mswServer.use(
      http.get('*/api/user/notifications/', () => new HttpResponse(null, { status: 500 }), {
        once: true,
      }),
    );
    const user = userEvent.setup();
    const feed = await openFeed();
    expect(await within(feed).findByText(t.loadError)).toBeInTheDocument();

    await user.click(within(feed).getByRole('button', { name: /ხელახლა/ }));

    expect(await within(feed).findAllByRole('article')).toHaveLength(3);
  });
});
