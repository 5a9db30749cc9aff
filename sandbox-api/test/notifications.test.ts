import { build } from './build';
import { createLoanTerms } from './loan-test-utils';
import {
  type Customer,
  customer,
  customerWithLoan,
  type NotificationBody,
  runNotices,
} from './notification-test-utils';
import { RETURN_URL } from './payment-test-utils';

// 1000.00 over 3 months from 2026-11-22 (TEST_START, 10:00 in Tbilisi): rows 2026-12-22
// (346.75), 2027-01-22 (346.75), 2027-02-22 (346.77).

const DEFAULT_KINDS = [
  { kind: 'payment_due', sms: true, email: true, required: false },
  { kind: 'payment_received', sms: true, email: true, required: false },
  { kind: 'payment_declined', sms: true, email: true, required: true },
  { kind: 'overdue', sms: true, email: true, required: true },
  { kind: 'application_decided', sms: true, email: true, required: false },
  { kind: 'complaint_answered', sms: true, email: true, required: false },
  { kind: 'hardship_decided', sms: true, email: true, required: false },
];

const repay = (c: Customer & { loan: { id: number } }, amount: string) =>
  c.api('POST', `/api/loan/loan/${c.loan.id}/repay/`, { amount });

describe('notifications written at each event (v1.4)', () => {
  const ctx = build();

  it('tells of the loan issued and a repayment, newest first, by SMS and e-mail', async () => {
    const c = await customerWithLoan(ctx);
    ctx().clock.set('2026-11-25T12:30:00+04:00');
    expect((await repay(c, '100.00')).statusCode).toBe(200);

    const { results, has_more } = await c.feed();
    expect(has_more).toBe(false);
    expect(results).toEqual([
      {
        id: expect.any(Number),
        kind: 'payment_received',
        created_at: '2026-11-25T08:30:00.000Z',
        read_at: null,
        loan: c.loan.id,
        order: null,
        amount: '100.00',
        date: '2026-11-25',
        title: 'გადახდა მიღებულია',
        body: `სესხი №${c.loan.id}: მივიღეთ 100,00\u00a0₾, 25.11.2026. გმადლობთ.`,
      },
      {
        id: expect.any(Number),
        kind: 'application_decided',
        created_at: '2026-11-22T06:00:00.000Z',
        read_at: null,
        loan: c.loan.id,
        order: null,
        amount: '1000.00',
        date: null,
        title: 'სესხი გაცემულია',
        body: `1\u00a0000,00\u00a0₾-ის განაცხადი დამტკიცდა: სესხი №${c.loan.id} გაცემულია.`,
      },
    ]);
    expect(await c.unread()).toBe(2);

    // Both channels, the words with the amount and date, and a link to the client's site.
    for (const channel of ['sms', 'email'] as const) {
      const sent = await c.sent(channel);
      expect(sent.map((message) => message.purpose)).toEqual(['notification', 'notification']);
      expect(sent[0]).toMatchObject({
        channel,
        body: `გადახდა მიღებულია. სესხი №${c.loan.id}: მივიღეთ 100,00\u00a0₾, 25.11.2026. გმადლობთ. http://localhost:3000/`,
        created_at: '2026-11-25T08:30:00.000Z',
      });
    }
  });

  it('tells of a rejected application, with no loan and the amount asked', async () => {
    const { current } = await createLoanTerms(ctx().app);
    const c = await customer(ctx, { risk_flag: true });
    await c.api('POST', '/api/loan/loan_application/', {
      amount: '700.00',
      term: 3,
      terms_of_contract: current,
    });
    await c.api('GET', '/api/loan/loan_application/');
    const [decided] = (await c.feed()).results;
    expect(decided).toMatchObject({
      kind: 'application_decided',
      loan: null,
      order: null,
      amount: '700.00',
      date: null,
      title: 'განაცხადი უარყოფილია',
    });
  });

  it('tells of a declined payment, naming the card by its last four digits only', async () => {
    const c = await customerWithLoan(ctx);
    const card = await ctx().call({
      method: 'POST',
      url: `/__sandbox/users/${c.personalNumber}/cards`,
      payload: { number: '4000 0000 0000 9995', expires: '08/31' },
    });
    const created = await ctx().call({
      method: 'POST',
      url: `/api/loan/loan/${c.loan.id}/payment_orders/`,
      token: (await ctx().app.tokens.pair(c.id)).access,
      headers: { 'idempotency-key': '7b4f7c52-3f3c-4d55-9d7e-1f4a0c6f0b11' },
      payload: {
        purpose: 'repayment',
        amount: '50.00',
        card: card.json<{ id: number }>().id,
        save_card: false,
        return_url: RETURN_URL,
      },
    });
    const id = created.json<{ id: number }>().id;
    ctx().clock.advance(2);
    await c.api('GET', `/api/loan/payment_orders/${id}/`);

    const [declined] = (await c.feed()).results;
    expect(declined).toEqual({
      id: expect.any(Number),
      kind: 'payment_declined',
      created_at: '2026-11-22T06:00:02.000Z',
      read_at: null,
      loan: c.loan.id,
      order: id,
      amount: '50.00',
      date: null,
      title: 'გადახდა ვერ შესრულდა',
      body: `სესხი №${c.loan.id}: 50,00\u00a0₾-ის გადახდა ბარათით ****9995 ბანკმა უარყო. სცადეთ სხვა ბარათით ან მოგვიანებით.`,
    });
    // Deciding again (the bank's timer and a read racing) writes nothing more.
    await c.api('GET', `/api/loan/payment_orders/${id}/`);
    expect((await c.feed()).results.filter((n) => n.kind === 'payment_declined')).toHaveLength(1);
  });

  it('tells of automatic charges: a Payment received with its order, a decline with its order', async () => {
    const paying = await customerWithLoan(ctx);
    const poor = await customerWithLoan(ctx);
    for (const [c, number] of [
      [paying, '4111 1111 1111 1111'],
      [poor, '4000 0000 0000 0002'],
    ] as const) {
      const card = await ctx().call({
        method: 'POST',
        url: `/__sandbox/users/${c.personalNumber}/cards`,
        payload: { number, expires: '08/31' },
      });
      await c.api('PUT', `/api/loan/loan/${c.loan.id}/autopay/`, {
        card: card.json<{ id: number }>().id,
      });
    }
    ctx().clock.set('2026-12-22T10:00:00+04:00');
    const run = await ctx().call({ method: 'POST', url: '/__sandbox/autopay/run', payload: {} });
    const orders = run.json<{ orders: { id: number; loan: number }[] }>().orders;
    const orderOf = (loan: number) => orders.find((order) => order.loan === loan)?.id;

    expect((await paying.feed()).results[0]).toMatchObject({
      kind: 'payment_received',
      loan: paying.loan.id,
      order: orderOf(paying.loan.id),
      amount: '346.75',
      date: '2026-12-22',
    });
    expect((await poor.feed()).results[0]).toMatchObject({
      kind: 'payment_declined',
      loan: poor.loan.id,
      order: orderOf(poor.loan.id),
      amount: '346.75',
      date: null,
    });
  });

  it('tells of a complaint answered and a hardship request decided', async () => {
    const c = await customerWithLoan(ctx);
    const complaint = await c.api('POST', '/api/support/complaints/', {
      topic: 'service',
      text: 'ცხელ ხაზზე ზარს 20 წუთი ველოდე და ოპერატორს ვერ დავუკავშირდი.',
    });
    const hardship = await c.api('POST', `/api/loan/loan/${c.loan.id}/hardship/`, {
      kind: 'payment_holiday',
      reason: 'illness',
      text: '',
    });
    ctx().clock.set('2026-11-30T15:00:00+04:00');
    await ctx().call({
      method: 'POST',
      url: `/__sandbox/complaints/${complaint.json<{ id: number }>().id}/answer`,
      payload: { answer: 'ბოდიშს გიხდით.' },
    });
    await ctx().call({
      method: 'POST',
      url: `/__sandbox/hardship/${hardship.json<{ id: number }>().id}/decision`,
      payload: { status: 'declined', answer: 'ვერ დავაკმაყოფილებთ.' },
    });
    const [decided, answered] = (await c.feed()).results;
    expect(answered).toMatchObject({
      kind: 'complaint_answered',
      loan: null,
      order: null,
      amount: null,
      date: '2026-11-30',
      title: 'საჩივარს უპასუხეს',
    });
    expect(decided).toMatchObject({
      kind: 'hardship_decided',
      loan: c.loan.id,
      order: null,
      amount: null,
      date: null,
      title: 'დახმარების მოთხოვნა არ დაკმაყოფილდა',
    });
    const [sms] = await c.sent('sms');
    expect(sms?.body).toMatch(/ვერ დავაკმაყოფილეთ\. .*http:\/\/localhost:3000\/$/);
    expect((await c.sent('email'))[1]?.body).toMatch(/http:\/\/localhost:3000\/complaints$/);
  });

  it('never sends a personal number, nor more of a card than its last four digits', async () => {
    const c = await customerWithLoan(ctx);
    await ctx().call({
      method: 'POST',
      url: `/__sandbox/users/${c.personalNumber}/cards`,
      payload: { number: '4000 0000 0000 0002', expires: '08/31' },
    });
    await repay(c, '10.00');
    ctx().clock.set('2026-12-23T10:00:00+04:00');
    await runNotices(ctx, '2026-12-23T10:00:00+04:00');
    const messages = [...(await c.sent('sms')), ...(await c.sent('email'))];
    expect(messages.length).toBeGreaterThanOrEqual(6);
    const everything = [
      ...messages.map((message) => message.body),
      ...(await c.feed()).results.flatMap((n) => [n.title, n.body]),
    ].join('\n');
    expect(everything).not.toContain(c.personalNumber);
    expect(everything.replace(/\s/g, '')).not.toMatch(/\d{5,}/);
  });
});

describe('delivery by the customer’s choices and contacts (v1.4)', () => {
  const ctx = build();

  it('sends nothing to an unverified phone or e-mail; the feed has it all the same', async () => {
    const c = await customerWithLoan(ctx);
    // A changed phone or e-mail is unverified until its code comes back.
    await ctx().app.db.query(
      'UPDATE users SET phone_verified = false, email_verified = false WHERE id = $1',
      [c.id],
    );
    await repay(c, '10.00');
    // The loan's issue reached both while they were verified; the payment reached neither.
    for (const channel of ['sms', 'email'] as const) {
      expect((await c.sent(channel)).map((m) => m.body)).toEqual([
        expect.stringMatching(/^სესხი გაცემულია/),
      ]);
    }
    expect((await c.feed()).results.map((n) => n.kind)).toEqual([
      'payment_received',
      'application_decided',
    ]);
  });

  it('sends by the channels chosen for the kind, at the moment of sending', async () => {
    const c = await customerWithLoan(ctx);
    const put = await c.api('PUT', '/api/user/notification_preferences/', {
      reminder_days: 3,
      kinds: [{ kind: 'payment_received', sms: false, email: true }],
    });
    expect(put.statusCode).toBe(200);
    await repay(c, '10.00');
    expect((await c.sent('sms')).map((m) => m.body)).toEqual([
      expect.stringMatching(/^სესხი გაცემულია/),
    ]);
    expect((await c.sent('email')).map((m) => m.body)).toEqual([
      expect.stringMatching(/^გადახდა მიღებულია/),
      expect.stringMatching(/^სესხი გაცემულია/),
    ]);
  });

  it('holds an SMS in quiet hours for the first run at or after 09:00; e-mail goes at once', async () => {
    const c = await customerWithLoan(ctx);
    ctx().clock.set('2026-11-24T22:15:00+04:00');
    await repay(c, '10.00');
    expect((await c.sent('email'))[0]).toMatchObject({
      body: expect.stringMatching(/^გადახდა მიღებულია/),
      created_at: '2026-11-24T18:15:00.000Z',
    });
    expect(await c.sent('sms')).toHaveLength(1);

    expect((await runNotices(ctx, '2026-11-25T08:59:00+04:00')).released).toBe(0);
    expect(await c.sent('sms')).toHaveLength(1);
    expect((await runNotices(ctx, '2026-11-25T09:00:00+04:00')).released).toBe(1);
    expect((await c.sent('sms'))[0]).toMatchObject({
      body: expect.stringMatching(/^გადახდა მიღებულია/),
      created_at: '2026-11-25T05:00:00.000Z',
    });
    // Sent once.
    await runNotices(ctx, '2026-11-25T09:30:00+04:00');
    expect(await c.sent('sms')).toHaveLength(2);
  });

  it('sends a held SMS by the choices and phone of the moment it goes out', async () => {
    const c = await customerWithLoan(ctx);
    ctx().clock.set('2026-11-24T23:00:00+04:00');
    await repay(c, '10.00');
    await repay(c, '20.00');
    // Before morning the customer turns SMS off for payments, and changes phone.
    await c.api('PUT', '/api/user/notification_preferences/', {
      reminder_days: 3,
      kinds: [{ kind: 'payment_received', sms: false, email: true }],
    });
    expect((await runNotices(ctx, '2026-11-25T09:05:00+04:00')).released).toBe(2);
    expect(await c.sent('sms')).toHaveLength(1);

    ctx().clock.set('2026-11-25T23:00:00+04:00');
    await repay(c, '30.00');
    await c.api('PUT', '/api/user/notification_preferences/', {
      reminder_days: 3,
      kinds: [{ kind: 'payment_received', sms: true, email: true }],
    });
    await ctx().app.db.query("UPDATE users SET phone_number = '599999999' WHERE id = $1", [c.id]);
    await runNotices(ctx, '2026-11-26T09:05:00+04:00');
    expect(await c.sent('sms')).toHaveLength(1);
    const moved = await ctx().call({
      url: '/__sandbox/outbox?to=599999999&purpose=notification',
    });
    expect(moved.json()).toEqual([
      expect.objectContaining({ body: expect.stringMatching(/30,00/) }),
    ]);
  });
});

describe('the feed, its unread count and marking read (v1.4)', () => {
  const ctx = build();

  it('answers 401 without a login', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/notifications/'],
      ['GET', '/api/user/notifications/unread_count/'],
      ['POST', '/api/user/notifications/read/'],
      ['GET', '/api/user/notification_preferences/'],
      ['PUT', '/api/user/notification_preferences/'],
    ] as const) {
      const response = await ctx().call({ method, url, payload: {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'not_authenticated' });
    }
  });

  it('pages 20 at a time, newest first, before an id; unread=1 keeps the unread', async () => {
    const c = await customerWithLoan(ctx);
    for (let i = 1; i <= 21; i += 1) await repay(c, `${i}.00`);
    const first = await c.feed();
    expect(first.results).toHaveLength(20);
    expect(first.has_more).toBe(true);
    expect(first.results[0]?.amount).toBe('21.00');
    const ids = first.results.map((n) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const last = ids.at(-1);
    const second = await c.feed(`?before=${last}`);
    expect(second).toEqual({
      results: [
        expect.objectContaining({ amount: '1.00' }),
        expect.objectContaining({ kind: 'application_decided' }),
      ],
      has_more: false,
    });

    await c.api('POST', '/api/user/notifications/read/', { ids: ids.slice(0, 19) });
    const unread = await c.feed('?unread=1');
    expect(unread.results.map((n) => n.amount)).toEqual(['2.00', '1.00', '1000.00']);
    expect(unread.has_more).toBe(false);

    for (const query of ['?before=abc', '?before=0', '?unread=yes', '?page=2']) {
      const bad = await c.api('GET', `/api/user/notifications/${query}`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual([query.slice(1).split('=')[0]]);
    }
  });

  it('marks ids or all read, keeps the first read_at, and answers the unread count', async () => {
    const c = await customerWithLoan(ctx);
    const other = await customerWithLoan(ctx);
    await repay(c, '10.00');
    await repay(c, '20.00');
    const [n20, n10, issued] = (await c.feed()).results as [
      NotificationBody,
      NotificationBody,
      NotificationBody,
    ];
    const read = (payload: unknown) => c.api('POST', '/api/user/notifications/read/', payload);

    ctx().clock.set('2026-11-23T10:00:00+04:00');
    const once = await read({ ids: [n10.id, n10.id] });
    expect(once.statusCode).toBe(200);
    expect(once.json()).toEqual({ unread: 2 });
    ctx().clock.set('2026-11-24T10:00:00+04:00');
    expect((await read({ ids: [n10.id, n20.id] })).json()).toEqual({ unread: 1 });
    const after = (await c.feed()).results;
    expect(after.find((n) => n.id === n10.id)?.read_at).toBe('2026-11-23T06:00:00.000Z');
    expect(after.find((n) => n.id === n20.id)?.read_at).toBe('2026-11-24T06:00:00.000Z');

    // Another customer's id is a field error under ids, and nothing is marked.
    const [theirs] = (await other.feed()).results;
    const refused = await read({ ids: [issued.id, theirs?.id] });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['ids']);
    expect(await c.unread()).toBe(1);
    expect(await other.unread()).toBe(1);

    for (const body of [
      {},
      { all: false },
      { ids: [issued.id], all: true },
      { ids: [issued.id], all: false },
    ]) {
      const wrong = await read(body);
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json())).toEqual(['non_field_errors']);
    }
    for (const body of [
      { ids: [] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { ids: ['x'] },
    ]) {
      const wrong = await read(body);
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json())).toContain('ids');
    }

    expect((await read({ all: true })).json()).toEqual({ unread: 0 });
    expect(await other.unread()).toBe(1);
    expect((await c.feed('?unread=1')).results).toEqual([]);
  });
});

describe('notification preferences (v1.4)', () => {
  const ctx = build();

  it('starts with every kind on both channels and reminders 3 days ahead', async () => {
    const c = await customer(ctx);
    const answer = await c.api('GET', '/api/user/notification_preferences/');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ reminder_days: 3, kinds: DEFAULT_KINDS });
  });

  it('changes the kinds listed and keeps the others; required is ignored', async () => {
    const c = await customer(ctx);
    const put = await c.api('PUT', '/api/user/notification_preferences/', {
      reminder_days: 5,
      kinds: [
        { kind: 'overdue', sms: false, email: true, required: false },
        { kind: 'payment_received', sms: false, email: false },
      ],
    });
    expect(put.statusCode).toBe(200);
    const expected = {
      reminder_days: 5,
      kinds: DEFAULT_KINDS.map((k) =>
        k.kind === 'overdue'
          ? { ...k, sms: false }
          : k.kind === 'payment_received'
            ? { ...k, sms: false, email: false }
            : k,
      ),
    };
    expect(put.json()).toEqual(expected);
    expect((await c.api('GET', '/api/user/notification_preferences/')).json()).toEqual(expected);
    // Only its own.
    expect(
      (await (await customer(ctx)).api('GET', '/api/user/notification_preferences/')).json(),
    ).toEqual({
      reminder_days: 3,
      kinds: DEFAULT_KINDS,
    });
  });

  it('refuses a required kind with both channels off, an unknown or repeated kind, other reminder days', async () => {
    const c = await customer(ctx);
    const put = (payload: unknown) => c.api('PUT', '/api/user/notification_preferences/', payload);
    const required = await put({
      reminder_days: 3,
      kinds: [{ kind: 'payment_declined', sms: false, email: false }],
    });
    expect(required.statusCode).toBe(400);
    expect(required.json()).toEqual({
      kinds: ['„payment_declined“: ერთი არხი მაინც უნდა დარჩეს ჩართული.'],
    });
    const repeated = await put({
      reminder_days: 3,
      kinds: [
        { kind: 'overdue', sms: true, email: false },
        { kind: 'overdue', sms: false, email: true },
      ],
    });
    expect(repeated.json()).toEqual({ kinds: ['„overdue“ ჩამოთვლილია ორჯერ.'] });
    const unknown = await put({
      reminder_days: 3,
      kinds: [{ kind: 'news', sms: true, email: true }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['kinds']);
    for (const days of [0, 2, 4, 7, '3', null]) {
      const wrong = await put({ reminder_days: days, kinds: [] });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ reminder_days: ['აირჩიეთ ერთ-ერთი: 1, 3, 5.'] });
    }
    const missing = await put({ reminder_days: 3 });
    expect(missing.json()).toEqual({ kinds: ['ეს ველი სავალდებულოა.'] });
    expect(Object.keys((await put({ kinds: [] })).json())).toEqual(['reminder_days']);
    // Nothing of the refused requests was kept.
    expect((await c.api('GET', '/api/user/notification_preferences/')).json()).toEqual({
      reminder_days: 3,
      kinds: DEFAULT_KINDS,
    });
  });
});

describe('the seed customers’ feeds (v1.4)', () => {
  const ctx = build({}, { seed: true });

  const feedOf = async (personalNumber: string) => {
    const [user] = await ctx().app.db.query<{ id: number }>(
      'SELECT id FROM users WHERE personal_number = $1',
      [personalNumber],
    );
    const token = (await ctx().app.tokens.pair(user?.id ?? 0)).access;
    const feed = await ctx().call({ url: '/api/user/notifications/', token });
    const unread = await ctx().call({ url: '/api/user/notifications/unread_count/', token });
    return {
      ...feed.json<{ results: NotificationBody[] }>(),
      ...unread.json<{ unread: number }>(),
    };
  };

  it('shows an overdue customer their notices, the last week’s unread, the older read', async () => {
    const { results, unread } = await feedOf('01001000004');
    expect(results.map((n) => n.kind)).toEqual([
      'overdue',
      'overdue',
      'overdue',
      'overdue',
      'payment_received',
      'application_decided',
    ]);
    // The notices of the last week are unread: row 2's 30th day late and row 3's first.
    expect(unread).toBe(2);
    expect(results.map((n) => n.read_at === null)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(results[0]?.amount).toMatch(/^\d+\.\d\d$/);
  });

  it('shows every kind of v1.2’s records on 01001000007', async () => {
    const kinds = new Set((await feedOf('01001000007')).results.map((n) => n.kind));
    expect([...kinds].sort()).toEqual([
      'application_decided',
      'complaint_answered',
      'hardship_decided',
      'payment_received',
    ]);
  });
});
