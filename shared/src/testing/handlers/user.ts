import { HttpResponse, http } from 'msw';

export const VALID_USER = { username: '01001012345', password: 'Parol1234' } as const;
export const ISSUED_TOKENS = { access: 'access-token-1', refresh: 'refresh-token-1' } as const;

/** The provider's user area: login and password recovery. */
export const userHandlers = [
  http.post('*/api/user/api/token/', async ({ request }) => {
    const body = (await request.json()) as { username?: string; password?: string };
    if (body.username === VALID_USER.username && body.password === VALID_USER.password) {
      return HttpResponse.json(ISSUED_TOKENS);
    }
    return HttpResponse.json(
      {
        detail: 'მითითებული მონაცემებით აქტიური ანგარიში ვერ მოიძებნა.',
        code: 'no_active_account',
      },
      { status: 401 },
    );
  }),
  http.post('*/api/user/logout/', () => new HttpResponse(null, { status: 205 })),
  http.post('*/api/user/user/reset_password/', () => HttpResponse.json({ expires_in: 600 })),
  http.post('*/api/user/user/recovery/', async ({ request }) => {
    const body = (await request.json()) as { code?: string };
    if (body.code === '123456') return HttpResponse.json({});
    return HttpResponse.json({ code: ['კოდი არასწორია ან ვადაგასულია.'] }, { status: 400 });
  }),
];
