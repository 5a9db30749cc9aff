import { build } from './build';
import { createUser, lastCode } from './user-utils';

const DEAD = 'კოდი ვადაგასულია ან მცდელობები ამოიწურა. მოითხოვეთ ახალი კოდი.';

/** Both contacts go through the same rules; each runs the same cases. */
const CONTACTS = [
  {
    name: 'e-mail',
    send: '/api/user/user/send_email_verification/',
    verify: '/api/user/user/verify_email/',
    flag: 'email_verified',
    channel: 'email',
    recipient: (user: { email: string }) => user.email,
    already: 'ელ-ფოსტა უკვე დადასტურებულია.',
  },
  {
    name: 'phone',
    send: '/api/user/user/send_sms/',
    verify: '/api/user/user/activate_phone_number/',
    flag: 'phone_verified',
    channel: 'sms',
    recipient: (user: { phone_number: string }) => user.phone_number,
    already: 'ტელეფონის ნომერი უკვე დადასტურებულია.',
  },
] as const;

describe.each(CONTACTS)('$name verification', (contact) => {
  const ctx = build({ codeResendSeconds: 60 });

  // The access token lives 5 minutes, less than a code: a later call needs a new one.
  const freshAccess = async (userId: number) => (await ctx().app.tokens.pair(userId)).access;
  const send = (token: string) =>
    ctx().call({ method: 'POST', url: contact.send, token, payload: {} });
  const verify = (token: string, code: unknown) =>
    ctx().call({ method: 'POST', url: contact.verify, token, payload: { code } });

  it('sends a code to the outbox, in Georgian, and verifies with it', async () => {
    const user = await createUser(ctx);
    const sent = await send(user.access);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ expires_in: 600 });

    const rows = await ctx().app.db.query<{ channel: string; recipient: string; body: string }>(
      'SELECT channel, recipient, body FROM outbox',
    );
    expect(rows).toEqual([
      {
        channel: contact.channel,
        recipient: contact.recipient(user),
        body: expect.stringMatching(/კოდ/),
      },
    ]);
    // Only a hash of the code is stored.
    const code = await lastCode(ctx, contact.recipient(user));
    const stored = await ctx().app.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM verification_codes',
    );
    expect(stored[0]?.code_hash).not.toContain(code);

    const verified = await verify(user.access, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: user.id, [contact.flag]: true });

    const again = await send(user.access);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: contact.already, code: 'already_verified' });
    // A repeated submit of a verified contact answers the user, not an error.
    expect((await verify(user.access, code)).statusCode).toBe(200);
  });

  it('accepts a send without any body', async () => {
    const user = await createUser(ctx);
    const response = await ctx().call({ method: 'POST', url: contact.send, token: user.access });
    expect(response.statusCode).toBe(200);
  });

  it('throttles sends to one per minute, with Retry-After', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    expect((await send(user.access)).statusCode).toBe(200);
    ctx().clock.advance(45);
    const throttled = await send(user.access);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('15');
    expect(throttled.json()).toEqual({
      detail: 'ძალიან ბევრი მცდელობა. სცადეთ 15 წამში.',
      code: 'throttled',
    });
    expect((await send(other.access)).statusCode).toBe(200);
    ctx().clock.advance(15);
    expect((await send(user.access)).statusCode).toBe(200);
  });

  it('uses a try for each wrong code and kills the code after five', async () => {
    const user = await createUser(ctx);
    await send(user.access);
    const code = await lastCode(ctx, contact.recipient(user));
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) {
      const response = await verify(user.access, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: [`კოდი არასწორია. დარჩენილი მცდელობები: ${left}.`] });
    }
    const fifth = await verify(user.access, wrong);
    expect(fifth.json()).toEqual({ code: [DEAD] });
    const right = await verify(user.access, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ code: [DEAD] });
  });

  it('kills a code after ten minutes', async () => {
    const user = await createUser(ctx);
    await send(user.access);
    const code = await lastCode(ctx, contact.recipient(user));
    ctx().clock.advance(600);
    const response = await verify(await freshAccess(user.id), code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: [DEAD] });
  });

  it('accepts a code just before ten minutes', async () => {
    const user = await createUser(ctx);
    await send(user.access);
    const code = await lastCode(ctx, contact.recipient(user));
    ctx().clock.advance(599);
    expect((await verify(await freshAccess(user.id), code)).statusCode).toBe(200);
  });

  it('kills an older code when a new one is sent', async () => {
    const user = await createUser(ctx);
    await send(user.access);
    const first = await lastCode(ctx, contact.recipient(user));
    ctx().clock.advance(60);
    await send(user.access);
    const second = await lastCode(ctx, contact.recipient(user));
    if (first !== second) {
      expect((await verify(user.access, first)).json()).toMatchObject({ code: expect.any(Array) });
      expect((await verify(user.access, first)).statusCode).toBe(400);
    }
    expect((await verify(user.access, second)).statusCode).toBe(200);
  });

  it('answers without a code ever sent, and a malformed code, in the field shape', async () => {
    const user = await createUser(ctx);
    expect((await verify(user.access, '123456')).json()).toEqual({ code: [DEAD] });
    for (const code of ['12345', '1234567', 'abcdef', 123456]) {
      const response = await verify(user.access, code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: [
          typeof code === 'number'
            ? 'მნიშვნელობის ტიპი არასწორია.'
            : 'კოდი უნდა შედგებოდეს 6 ციფრისგან.',
        ],
      });
    }
    const extra = await ctx().call({
      method: 'POST',
      url: contact.send,
      token: user.access,
      payload: { to: 'someone-else' },
    });
    expect(extra.json()).toEqual({ to: ['უცნობი ველი.'] });
  });

  it('does not accept another user’s code', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    await send(other.access);
    const code = await lastCode(ctx, contact.recipient(other));
    expect((await verify(user.access, code)).statusCode).toBe(400);
  });

  it('requires a login', async () => {
    expect((await ctx().call({ method: 'POST', url: contact.send, payload: {} })).statusCode).toBe(
      401,
    );
    expect(
      (await ctx().call({ method: 'POST', url: contact.verify, payload: { code: '123456' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('full verification', () => {
  const ctx = build();

  it('becomes true once both contacts are verified and the photos approved', async () => {
    const user = await createUser(ctx, {
      fully_verified: true,
      email_verified: false,
      phone_verified: false,
    });
    for (const [send, verify, recipient] of [
      ['send_email_verification', 'verify_email', user.email],
      ['send_sms', 'activate_phone_number', user.phone_number],
    ] as const) {
      const sent = await ctx().call({
        method: 'POST',
        url: `/api/user/user/${send}/`,
        token: user.access,
      });
      expect(sent.json()).toEqual({ expires_in: 600 });
      const code = await lastCode(ctx, recipient);
      const response = await ctx().call({
        method: 'POST',
        url: `/api/user/user/${verify}/`,
        token: user.access,
        payload: { code },
      });
      expect(response.json()).toMatchObject({
        full_verification: verify === 'activate_phone_number',
      });
    }
  });
});
