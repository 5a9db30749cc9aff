import { HttpResponse, http } from 'msw';
import {
  consents,
  customer,
  loanLimit,
  notificationPreferences,
  personalDataNotice,
} from '../fixtures';
import { dropSession, holdSession, SESSION_STATE, sessionHeld } from '../session';

export const VALID_USER = { username: '01001012345', password: 'Parol1234' } as const;
export const ISSUED_TOKENS = { access: 'access-token-1', refresh: 'refresh-token-1' } as const;
export const REFRESHED_TOKENS = { access: 'access-token-2', refresh: 'refresh-token-2' } as const;
/** The code every verification and recovery handler accepts. */
export const GOOD_CODE = '123456';

/** The host's server authorises a call with the session the browser holds (testing/session). */
const authorized = (_request: Request) => sessionHeld();

const notAuthenticated = () =>
  HttpResponse.json(
    { detail: 'ავტორიზაციის მონაცემები არ არის მოწოდებული.', code: 'not_authenticated' },
    { status: 401 },
  );

const wrongCode = () =>
  HttpResponse.json({ code: ['კოდი არასწორია. დარჩენილი მცდელობები: 4.'] }, { status: 400 });

async function codeOf(request: Request): Promise<string | undefined> {
  return ((await request.json()) as { code?: string }).code;
}

/** The provider's user area, as the contract answers it through the host's server. */
export const userHandlers = [
  // The host's server keeps the tokens and answers the session's clocks (decision 027).
  http.post('*/api/user/api/token/', async ({ request }) => {
    const body = (await request.json()) as { username?: string; password?: string };
    if (body.username === VALID_USER.username && body.password === VALID_USER.password) {
      holdSession();
      return HttpResponse.json(SESSION_STATE);
    }
    return HttpResponse.json(
      {
        detail: 'მითითებული მონაცემებით აქტიური ანგარიში ვერ მოიძებნა.',
        code: 'no_active_account',
      },
      { status: 401 },
    );
  }),
  http.post('*/api/user/token/refresh/', () => HttpResponse.json(REFRESHED_TOKENS)),
  http.post('*/api/user/logout/', () => {
    dropSession();
    return new HttpResponse(null, { status: 205 });
  }),
  http.post('*/session/activity', () =>
    sessionHeld() ? HttpResponse.json(SESSION_STATE) : notAuthenticated(),
  ),
  http.get('*/session', () =>
    sessionHeld() ? HttpResponse.json(SESSION_STATE) : notAuthenticated(),
  ),
  // v1.1: the current personal-data notice's id is required, like the provider's check.
  http.post('*/api/user/register/', async ({ request }) => {
    const consent = (await request.formData()).get('personal_data_consent');
    if (consent !== String(personalDataNotice.id)) {
      return HttpResponse.json(
        {
          personal_data_consent: [
            'დაეთანხმეთ პერსონალურ მონაცემთა დამუშავების მოქმედ შეტყობინებას.',
          ],
        },
        { status: 400 },
      );
    }
    return HttpResponse.json({ id: 43 }, { status: 201 });
  }),
  http.get('*/api/user/details/', ({ request }) =>
    authorized(request) ? HttpResponse.json(customer) : notAuthenticated(),
  ),
  http.patch('*/api/user/user/:id/', async ({ request }) => {
    if (!authorized(request)) return notAuthenticated();
    const update = (await request.json()) as Partial<typeof customer>;
    const emailChanged = update.email !== undefined && update.email !== customer.email;
    return HttpResponse.json({
      ...customer,
      ...update,
      email_verified: emailChanged ? false : customer.email_verified,
    });
  }),
  http.post('*/api/user/user/change_password/', async ({ request }) => {
    const body = (await request.json()) as { old_password?: string };
    if (body.old_password !== VALID_USER.password) {
      return HttpResponse.json({ old_password: ['მიმდინარე პაროლი არასწორია.'] }, { status: 400 });
    }
    return HttpResponse.json({});
  }),
  http.post('*/api/user/user/send_email_verification/', () =>
    HttpResponse.json({ expires_in: 600 }),
  ),
  http.post('*/api/user/user/send_sms/', () => HttpResponse.json({ expires_in: 600 })),
  http.post('*/api/user/user/verify_email/', async ({ request }) =>
    (await codeOf(request)) === GOOD_CODE
      ? HttpResponse.json({ ...customer, email_verified: true })
      : wrongCode(),
  ),
  http.post('*/api/user/user/activate_phone_number/', async ({ request }) =>
    (await codeOf(request)) === GOOD_CODE
      ? HttpResponse.json({ ...customer, phone_verified: true })
      : wrongCode(),
  ),
  http.get('*/api/user/user/personal_verification_photos/', () => HttpResponse.json([])),
  http.post('*/api/user/user/personal_verification_photos/', async ({ request }) => {
    const form = await request.formData();
    const kinds = (['id_front', 'id_back', 'selfie'] as const).filter((kind) => form.has(kind));
    return HttpResponse.json(
      kinds.map((kind, index) => ({
        id: index + 1,
        kind,
        status: 'pending',
        uploaded_at: '2026-11-22T10:00:00+04:00',
      })),
      { status: 201 },
    );
  }),
  http.post('*/api/user/user_log/', () => HttpResponse.json({}, { status: 201 })),
  http.get('*/api/user/user/loan_limit/', ({ request }) =>
    authorized(request) ? HttpResponse.json(loanLimit) : notAuthenticated(),
  ),
  // v1.3: no saved card yet.
  http.get('*/api/user/cards/', ({ request }) =>
    authorized(request) ? HttpResponse.json([]) : notAuthenticated(),
  ),
  // Contract v1.2: the consents; marketing given or withdrawn at once.
  http.get('*/api/user/consents/', ({ request }) =>
    authorized(request) ? HttpResponse.json(consents) : notAuthenticated(),
  ),
  http.post('*/api/user/consents/marketing/', async ({ request }) => {
    if (!authorized(request)) return notAuthenticated();
    const { given } = (await request.json()) as { given: boolean };
    const now = '2026-11-20T12:00:00+04:00';
    return HttpResponse.json({
      kind: 'marketing',
      document: null,
      given,
      given_at: given ? now : null,
      withdrawn_at: given ? null : now,
    });
  }),
  // v1.4: the choice of channels; a PUT answers the preferences with the kinds it lists changed.
  http.get('*/api/user/notification_preferences/', ({ request }) =>
    authorized(request) ? HttpResponse.json(notificationPreferences) : notAuthenticated(),
  ),
  http.put('*/api/user/notification_preferences/', async ({ request }) => {
    if (!authorized(request)) return notAuthenticated();
    const change = (await request.json()) as {
      reminder_days: number;
      kinds: { kind: string; sms: boolean; email: boolean }[];
    };
    return HttpResponse.json({
      reminder_days: change.reminder_days,
      kinds: notificationPreferences.kinds.map((choice) => ({
        ...choice,
        ...change.kinds.find((each) => each.kind === choice.kind),
      })),
    });
  }),
  http.post('*/api/user/user/reset_password/', () => HttpResponse.json({ expires_in: 600 })),
  http.post('*/api/user/user/recovery/', async ({ request }) =>
    (await codeOf(request)) === GOOD_CODE
      ? HttpResponse.json({})
      : HttpResponse.json({ code: ['კოდი არასწორია ან ვადაგასულია.'] }, { status: 400 }),
  ),
];
