// @vitest-environment node
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { SESSION_ENDED_HEADER } from 'shared/session/server-session';
import { ka } from 'shared/strings/ka';
import { type ExactRequest, exactRequest } from '../http/raw-request';
import { type ProviderGateway, registerProviderGateway } from './provider-gateway';
import { openSession } from './sealed-session';
import { sessionKeys } from './session-keys';

/*
 * The gateway against a provider that behaves as the contract says: tokens that rotate, a
 * refresh token refused once used, a logout that blacklists, and a session check that refuses
 * a logged-out session's access token.
 */

const keys = sessionKeys({ SESSION_SECRET: 'a-test-secret-that-is-long-enough-to-be-a-key' });
const limits = { idleSeconds: 40, maxSeconds: 3600 };
const CSRF = 'csrf-token-1';

interface Seen {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

function fakeProvider() {
  const provider = Fastify();
  const state = {
    generation: 1,
    refreshes: 0,
    loggedOut: new Set<string>(),
    banned: false,
    /** The generation whose access token has outlived its life (0: none). */
    expired: 0,
    seen: [] as Seen[],
  };
  const current = () => ({
    access: `access-${state.generation}`,
    refresh: `refresh-${state.generation}`,
  });
  provider.addHook('preHandler', async (request) => {
    state.seen.push({ path: request.url, headers: request.headers, body: request.body });
  });
  provider.post('/api/user/api/token/', async (_request, reply) =>
    reply.header('set-cookie', `csrftoken=${CSRF}; Path=/; SameSite=Lax`).send(current()),
  );
  provider.post('/api/user/token/refresh/', async (request, reply) => {
    state.refreshes += 1;
    const { refresh } = request.body as { refresh: string };
    if (refresh !== current().refresh || state.loggedOut.has(refresh)) {
      return reply.code(401).send({ detail: 'no', code: 'token_not_valid' });
    }
    // A slow provider: the second tab's call arrives while this one is under way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    state.generation += 1;
    return current();
  });
  const authorised = (header: unknown) =>
    header === `JWT ${current().access}` &&
    state.expired !== state.generation &&
    !state.loggedOut.has(current().refresh);
  provider.get('/api/user/details/', async (request, reply) => {
    if (state.banned) return reply.code(403).send({ detail: 'banned', code: 'banned_user' });
    if (!authorised(request.headers.authorization)) {
      return reply.code(401).send({ detail: 'expired', code: 'token_not_valid' });
    }
    return { first_name: 'ნინო' };
  });
  provider.get('/api/cms/slides/', async () => []);
  // The sandbox's development helpers, outside the provider's folders the site proxies.
  provider.get('/__sandbox/outbox', async () => [{ recipient: '555000002', body: 'კოდი: 123456' }]);
  provider.post('/__sandbox/users/:number/ban', async () => ({ banned: true }));
  provider.post('/api/loan/apply/', async (request, reply) => {
    if (!authorised(request.headers.authorization))
      return reply.code(401).send({ code: 'token_not_valid' });
    return reply.code(201).send({ id: 1 });
  });
  // A write that moves money (contract v1.3): its Idempotency-Key is the page's alone.
  provider.post('/api/loan/loan/:id/payment_orders/', async (request, reply) => {
    if (!authorised(request.headers.authorization))
      return reply.code(401).send({ code: 'token_not_valid' });
    return reply.code(201).send({ id: 7 });
  });
  provider.post('/api/user/logout/', async (request, reply) => {
    if (!authorised(request.headers.authorization))
      return reply.code(401).send({ code: 'token_not_valid' });
    state.loggedOut.add((request.body as { refresh: string }).refresh);
    return reply.code(205).send();
  });
  // The access token in the cookie has outlived its life: refused from now on.
  const expireAccess = () => {
    state.expired = state.generation;
  };
  return { provider, state, current, expireAccess };
}

/** A line the gateway logged, as pino writes it. */
interface Logged {
  level: number;
  msg: string;
}

/** Pino's level of a warning: what an operator is alerted by. */
const WARN = 40;

let fake: ReturnType<typeof fakeProvider>;
let gateway: FastifyInstance;
let logged: Logged[];
let pageSession: ProviderGateway['pageSession'];
let clock: number;

beforeEach(async () => {
  fake = fakeProvider();
  const address = await fake.provider.listen({ port: 0, host: '127.0.0.1' });
  clock = 1_800_000_000_000;
  logged = [];
  const stream = { write: (line: string) => logged.push(JSON.parse(line) as Logged) };
  gateway = Fastify({ logger: { level: 'info', stream } });
  ({ pageSession } = await registerProviderGateway(gateway, {
    upstream: address,
    prefixes: ['/api', '/media'],
    keys,
    limits,
    unreachableBody: { code: 'provider_unavailable' },
    tooLargeBody: { code: 'request_too_large' },
    now: () => clock,
  }));
  // A page request, as the host's page route hands it over (its cookies are all it reads).
  gateway.get('/page', async (request) => {
    const session = await pageSession(request);
    const details = session.kind === 'open' ? await session.fetch('/api/user/details/') : null;
    const clocks = session.kind === 'open' ? (session.clocks() ?? null) : null;
    return { kind: session.kind, details, cookies: await session.cookies(), clocks };
  });
  // A page's render asking for what it names (`?url=`).
  gateway.get('/page-read', async (request) => {
    const session = await pageSession(request);
    const { url } = request.query as { url: string };
    return session.kind === 'open' ? await session.fetch(url) : null;
  });
});

afterEach(async () => {
  await gateway.close();
  await fake.provider.close();
});

/** The Set-Cookie values of an answer, by cookie name. */
function setCookies(headers: Record<string, unknown>): Map<string, string> {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return new Map(list.map((cookie: string) => [cookie.split('=')[0] ?? '', cookie]));
}

const cookieValue = (setCookie: string | undefined) =>
  setCookie?.split(';')[0]?.split('=').slice(1).join('=') ?? '';

/** The sealed session an answer sets in the `user` cookie. */
const sealedIn = (answer: LightMyRequestResponse) =>
  cookieValue(setCookies(answer.headers).get('user'));

/** The refresh token a sealed cookie holds, opened as the gateway would now (false: none). */
async function refreshSealedIn(sealed: string): Promise<string | false> {
  const opened = await openSession(sealed, keys, limits, clock / 1000);
  return opened.kind === 'open' && opened.session.refresh;
}

/** The session clocks the gateway tells the page, under `limits`. */
const clocks = (idleLeft: number, maxLeft: number) => ({
  idle_seconds: 40,
  idle_left_seconds: idleLeft,
  max_left_seconds: maxLeft,
});

const asCustomer = (sealed: string, extra: Record<string, string> = {}) => ({
  cookie: `user=${sealed}; signed_in=1; csrftoken=${CSRF}`,
  'x-csrftoken': CSRF,
  ...extra,
});

// The calls the tests make again and again, named for what the browser does.

/** The login form's call, with whatever cookies the browser already holds. */
const postLogin = (headers: Record<string, string> = {}) =>
  gateway.inject({
    method: 'POST',
    url: '/api/user/api/token/',
    headers,
    payload: { username: '01001011234', password: 'secret' },
  });

async function login(): Promise<string> {
  const answer = await postLogin();
  expect(answer.statusCode).toBe(200);
  return sealedIn(answer);
}

/** A call the page makes with the customer's cookies (and any `headers` on top). */
const withSession = (
  sealed: string,
  method: 'GET' | 'POST',
  url: string,
  { headers, payload }: { headers?: Record<string, string>; payload?: object } = {},
) => gateway.inject({ method, url, headers: asCustomer(sealed, headers), payload });

/** The customer's read of their details: the call most tests watch the session through. */
const readDetails = (sealed: string, headers: Record<string, string> = {}) =>
  withSession(sealed, 'GET', '/api/user/details/', { headers });

/** A write, so the CSRF check applies. */
const applyForLoan = (sealed: string, headers: Record<string, string> = {}) =>
  withSession(sealed, 'POST', '/api/loan/apply/', { headers, payload: { amount: '500.00' } });

/** The page telling the host the customer did something. */
const touch = (sealed: string) => withSession(sealed, 'POST', '/session/activity');

/** A page request rendered on the server with the session (the `/page` route above). */
const renderPage = (sealed: string, headers: Record<string, string> = {}) =>
  withSession(sealed, 'GET', '/page', { headers });

/** What the browser says of a page the customer opens or reloads (Fetch Metadata). */
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

/** What an answer ending the session says however it ended: 401, the reason in body and header. */
function expectSessionEnded(answer: LightMyRequestResponse, reason: string): void {
  expect(answer.statusCode).toBe(401);
  expect(answer.json()).toMatchObject({ code: 'session_ended', reason });
  expect(answer.headers[SESSION_ENDED_HEADER.toLowerCase()]).toBe(reason);
}

describe('logging in through the host', () => {
  it('answers the page without tokens and keeps them in an HttpOnly sealed cookie', async () => {
    const answer = await postLogin();
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('access-1');
    expect(answer.body).not.toContain('refresh-1');
    expect(answer.json()).toEqual(clocks(40, 3600));
    const cookies = setCookies(answer.headers);
    expect(cookies.get('user')).toMatch(/HttpOnly/);
    expect(cookies.get('user')).toMatch(/SameSite=Lax/);
    expect(cookies.get('user')).not.toContain('access-1');
    expect(cookies.get('signed_in')).toMatch(/^signed_in=1;/);
    expect(cookies.get('signed_in')).not.toMatch(/HttpOnly/);
    // The provider's csrftoken still reaches the page.
    expect(cookies.get('csrftoken')).toContain(CSRF);
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });
});

describe('a call with the session', () => {
  it('reaches the provider with what the contract asks, and never with the sealed cookie', async () => {
    const sealed = await login();
    const answer = await readDetails(sealed, { authorization: 'JWT a-token-a-page-made-up' });
    expect(answer.statusCode).toBe(200);
    const seen = fake.state.seen.at(-1);
    expect(seen?.headers.authorization).toBe('JWT access-1');
    expect(seen?.headers['accept-language']).toBe('ka-ge');
    // Read as it comes: an error's code is looked for in it (banned_user).
    expect(seen?.headers['accept-encoding']).toBe('identity');
    expect(seen?.headers['x-csrftoken']).toBe(CSRF);
    expect(seen?.headers.cookie).toBe(`csrftoken=${CSRF}`);
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('refreshes once on a 401, repeats the call once and writes the rotated tokens back', async () => {
    const sealed = await login();
    fake.expireAccess();
    const answer = await readDetails(sealed);
    expect(answer.statusCode).toBe(200);
    expect(fake.state.refreshes).toBe(1);
    expect(await refreshSealedIn(sealedIn(answer))).toBe('refresh-2');
  });

  it('refreshes once for two tabs whose access expired at the same moment', async () => {
    const sealed = await login();
    fake.expireAccess();
    const [first, second] = await Promise.all([1, 2].map(() => readDetails(sealed)));
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    expect(fake.state.refreshes).toBe(1);
    // A call that left with the old cookie after the rotation gets the new tokens too.
    const late = await readDetails(sealed);
    expect(late.statusCode).toBe(200);
    expect(fake.state.refreshes).toBe(1);
  });

  it('ends the session when the provider refuses the refresh: 401, both cookies cleared, the page told', async () => {
    const sealed = await login();
    fake.expireAccess();
    fake.state.loggedOut.add('refresh-1');
    const answer = await readDetails(sealed);
    expectSessionEnded(answer, 'expired');
    const cookies = setCookies(answer.headers);
    expect(cookies.get('user')).toMatch(/^user=;.*Max-Age=0/);
    expect(cookies.get('signed_in')).toMatch(/^signed_in=;.*Max-Age=0/);
  });

  it('clears the session on a banned answer and tells the page', async () => {
    const sealed = await login();
    fake.state.banned = true;
    const answer = await readDetails(sealed);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'banned_user' });
    expect(answer.headers[SESSION_ENDED_HEADER.toLowerCase()]).toBe('banned');
    expect(setCookies(answer.headers).get('user')).toMatch(/Max-Age=0/);
  });

  it('refuses a write whose X-CSRFToken is not the csrftoken cookie, before the provider hears it', async () => {
    const sealed = await login();
    const before = fake.state.seen.length;
    const answer = await applyForLoan(sealed, { 'x-csrftoken': 'another' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'csrf_failed' });
    expect(fake.state.seen.length).toBe(before);
    const allowed = await applyForLoan(sealed);
    expect(allowed.statusCode).toBe(201);
  });

  it('lets a login through whatever session the browser holds: credentials authorise it, not the cookie', async () => {
    const sealed = await login();
    const again = await postLogin({ cookie: `user=${sealed}` });
    expect(again.statusCode).toBe(200);
  });

  it('ends the session a browser held when it logs in again, at the provider too', async () => {
    const sealed = await login();
    const again = await postLogin({ cookie: `user=${sealed}` });
    expect(again.statusCode).toBe(200);
    await vi.waitFor(() =>
      expect(fake.state.seen).toContainEqual(
        expect.objectContaining({ path: '/api/user/logout/', body: { refresh: 'refresh-1' } }),
      ),
    );
  });

  it('never lets the page refresh: the tokens are not the page’s', async () => {
    const sealed = await login();
    const answer = await withSession(sealed, 'POST', '/api/user/token/refresh/', {
      payload: { refresh: 'refresh-1' },
    });
    expect(answer.statusCode).toBe(404);
    expect(fake.state.refreshes).toBe(0);
  });

  it('passes the page’s Idempotency-Key unchanged to the provider, on the first try and on the replay after a refresh', async () => {
    const sealed = await login();
    fake.expireAccess();
    const key = '0b6f9d1e-5c1a-4d8e-9a0f-3c2b1a0e9d8c';
    const answer = await withSession(sealed, 'POST', '/api/loan/loan/12/payment_orders/', {
      headers: { 'idempotency-key': key },
      payload: { purpose: 'repayment', amount: '10.00' },
    });
    expect(answer.statusCode).toBe(201);
    expect(fake.state.refreshes).toBe(1);
    const orders = fake.state.seen.filter((seen) => seen.path.includes('/payment_orders/'));
    expect(orders.map((seen) => seen.headers['idempotency-key'])).toEqual([key, key]);
  });

  it('never invents an Idempotency-Key the page did not send', async () => {
    const sealed = await login();
    fake.expireAccess();
    await withSession(sealed, 'POST', '/api/loan/loan/12/payment_orders/', {
      payload: { purpose: 'repayment', amount: '10.00' },
    });
    const orders = fake.state.seen.filter((seen) => seen.path.includes('/payment_orders/'));
    expect(orders).toHaveLength(2);
    for (const seen of orders) expect(seen.headers).not.toHaveProperty('idempotency-key');
  });

  it('takes no session in tokens someone planted as the old JSON cookie (issue 45, row 4)', async () => {
    await login();
    const planted = encodeURIComponent(JSON.stringify(fake.current()));
    const answer = await readDetails(planted);
    expectSessionEnded(answer, 'expired');
    expect(setCookies(answer.headers).get('user')).toMatch(/^user=;/);
    // The provider heard a visitor: the planted tokens authorised nothing.
    expect(fake.state.seen.at(-1)?.headers.authorization).toBeUndefined();
  });
});

describe('the server ends sessions', () => {
  it('refuses a session left alone longer than SESSION_IDLE_SECONDS, whatever the page does', async () => {
    const sealed = await login();
    clock += 30_000;
    // A read (a poll) is not the customer's activity: it does not keep the session.
    const poll = await readDetails(sealed);
    expect(poll.statusCode).toBe(200);
    clock += 18_000;
    const answer = await readDetails(sealed);
    expectSessionEnded(answer, 'inactive');
    expect(setCookies(answer.headers).get('user')).toMatch(/^user=;/);
    // The provider never saw the ended session's token.
    expect(fake.state.seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('keeps a session the customer uses, and tells the page its clocks', async () => {
    let sealed = await login();
    clock += 30_000;
    const touched = await touch(sealed);
    expect(touched.json()).toEqual(clocks(40, 3570));
    sealed = sealedIn(touched);
    clock += 30_000;
    const state = await withSession(sealed, 'GET', '/session');
    expect(state.json()).toEqual(clocks(10, 3540));
    const answer = await readDetails(sealed);
    expect(answer.statusCode).toBe(200);
  });

  it('refuses a session older than SESSION_MAX_SECONDS however used', async () => {
    let sealed = await login();
    // Used every 30 s for an hour: never idle, and still ended at the hour.
    for (let times = 0; times < 119; times += 1) {
      clock += 30_000;
      const touched = await touch(sealed);
      expect(touched.statusCode).toBe(200);
      sealed = sealedIn(touched);
    }
    clock += 30_000;
    const answer = await readDetails(sealed);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ reason: 'expired' });
  });

  it('logs out at the provider and clears the cookie; a copy of the cookie is refused after', async () => {
    const sealed = await login();
    const answer = await withSession(sealed, 'POST', '/api/user/logout/');
    expect(answer.statusCode).toBe(205);
    expect(fake.state.seen.at(-1)?.body).toEqual({ refresh: 'refresh-1' });
    expect(setCookies(answer.headers).get('user')).toMatch(/Max-Age=0/);
    const copied = await readDetails(sealed);
    expect(copied.statusCode).toBe(401);
    expect(copied.json()).toMatchObject({ code: 'session_ended' });
  });
});

describe('a visitor', () => {
  it('is proxied as before, with nothing of a session', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/api/cms/slides/' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([]);
    expect(fake.state.seen.at(-1)?.headers.authorization).toBeUndefined();
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});

describe('a page with the session', () => {
  it('reads the provider with it for the server’s render, refreshing once, and the page sets the rotated cookie', async () => {
    const sealed = await login();
    fake.expireAccess();
    const page = await renderPage(sealed);
    const { kind, details, cookies } = page.json() as {
      kind: string;
      details: { status: number; data: unknown };
      cookies: string[];
    };
    expect(kind).toBe('open');
    expect(details).toEqual({ status: 200, data: { first_name: 'ნინო' } });
    expect(fake.state.refreshes).toBe(1);
    const renewed = cookieValue(cookies.find((cookie) => cookie.startsWith('user=')));
    expect(await refreshSealedIn(renewed)).toBe('refresh-2');
  });

  it('counts the customer opening it as their activity, and hands the page the clocks', async () => {
    let sealed = await login();
    clock += 30_000;
    const page = await renderPage(sealed, NAVIGATION);
    const opened = page.json() as { clocks: unknown; cookies: string[] };
    expect(opened.clocks).toEqual(clocks(40, 3570));
    sealed = cookieValue(opened.cookies.find((cookie) => cookie.startsWith('user=')));
    // 30 s after the opening, the session had 10 s left had it not counted.
    clock += 30_000;
    expect((await withSession(sealed, 'GET', '/session')).json()).toEqual(clocks(10, 3540));
  });

  it('counts neither a prefetch nor a request without fetch metadata: the page reports itself', async () => {
    const sealed = await login();
    clock += 30_000;
    for (const headers of [{}, { ...NAVIGATION, 'sec-purpose': 'prefetch' }]) {
      const page = (await renderPage(sealed, headers)).json() as {
        clocks: unknown;
        cookies: string[];
      };
      expect(page.clocks).toBeNull();
      expect(page.cookies).toEqual([]);
    }
    expect((await withSession(sealed, 'GET', '/session')).json()).toEqual(clocks(10, 3570));
  });

  it('is a visitor’s, its cookies cleared, once the session is idle too long', async () => {
    const sealed = await login();
    clock += 48_000;
    const page = await renderPage(sealed);
    const { kind, cookies } = page.json() as { kind: string; cookies: string[] };
    expect(kind).toBe('ended');
    expect(cookies.some((cookie) => /^user=;.*Max-Age=0/.test(cookie))).toBe(true);
  });

  it('reads only the provider’s API for the render: nothing else of the provider, never its logout', async () => {
    const sealed = await login();
    const read = async (url: string) =>
      (await withSession(sealed, 'GET', `/page-read?url=${encodeURIComponent(url)}`)).json() as {
        status: number;
        data: unknown;
      };
    expect(await read('/api/user/details/')).toEqual({ status: 200, data: { first_name: 'ნინო' } });
    const before = fake.state.seen.length;
    for (const url of [
      '/api/../admin/',
      '/media/../api/user/details/x/../../../../admin/',
      '//elsewhere.example/api/user/details/',
      'http://elsewhere.example/api/user/details/',
      '/api/user/logout/',
      '/admin/',
    ]) {
      expect(await read(url)).toEqual({ status: 404, data: null });
    }
    expect(fake.state.seen.slice(before)).toEqual([]);
  });
});

describe('a request’s path, decided once (issue 45, decision 033)', () => {
  /** The gateway on a port of its own: an HTTP client sends the path as written, `..` included. */
  async function listening(): Promise<number> {
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    return (gateway.server.address() as AddressInfo).port;
  }

  it('never forwards a path that climbs out of the provider’s folders, however spelt (row 3)', async () => {
    const port = await listening();
    const attempts: ExactRequest[] = [
      { path: '/api/%2e%2e/__sandbox/outbox?to=555000002' },
      { path: '/api/%2E%2E/__sandbox/outbox?to=555000002' },
      { path: '/api/../__sandbox/outbox?to=555000002' },
      { path: '/api/.%2e/__sandbox/outbox?to=555000002' },
      { path: '/api/%2e%2e%2f__sandbox/outbox?to=555000002' },
      { path: '/api/%252e%252e/__sandbox/outbox?to=555000002' },
      { path: '/api/..%5c__sandbox/outbox?to=555000002' },
      {
        path: '/media/%2e%2e/__sandbox/users/01001000005/ban',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ banned: true }),
      },
    ];
    for (const attempt of attempts) {
      const answer = await exactRequest(port, attempt);
      expect([answer.status, answer.body], attempt.path).toEqual([400, 'Bad request\n']);
      expect(answer.headers['x-content-type-options'], attempt.path).toBe('nosniff');
    }
    expect(fake.state.seen).toEqual([]);
  });

  it('intercepts the login however its path is spelt: the provider’s tokens never reach the page (row 4)', async () => {
    const port = await listening();
    for (const path of [
      '/api/user/api/%74oken/',
      '/api/user/api/to%6Ben/',
      '/api/user/api/to%6ben/?x=1',
      '/api//user/api/token/',
    ]) {
      const answer = await exactRequest(port, {
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: '01001011234', password: 'secret' }),
      });
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).not.toMatch(/access|refresh/);
      expect(JSON.parse(answer.body), path).toEqual(clocks(40, 3600));
      expect(String(answer.headers['set-cookie']), path).toMatch(
        /user=[\w-]+\.[^;]*; Path=\/; HttpOnly/,
      );
    }
    // Each reached the provider's login as its one spelling.
    expect(new Set(fake.state.seen.map((seen) => seen.path.split('?')[0]))).toEqual(
      new Set(['/api/user/api/token/']),
    );
  });

  it('answers the page’s refresh 404 in any spelling (the tokens are not the page’s)', async () => {
    const port = await listening();
    const answer = await exactRequest(port, {
      path: '/api/user/token/%72efresh/',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: 'refresh-1' }),
    });
    expect(answer.status).toBe(404);
    expect(fake.state.refreshes).toBe(0);
  });
});

describe('a request the gateway cannot take in itself (issue 54)', () => {
  /** A write with the customer's session whose Content-Type is `type`. */
  const writeTyped = (sealed: string, url: string, type: string, payload = '{"amount":"500.00"}') =>
    gateway.inject({
      method: 'POST',
      url,
      headers: asCustomer(sealed, { 'content-type': type }),
      payload,
    });

  /** No warning, and nothing said of the provider: the provider was never asked. */
  const expectNoAlarm = () => {
    expect(logged.filter((line) => line.level >= WARN)).toEqual([]);
    expect(logged.map((line) => line.msg)).not.toContain('provider unreachable');
  };

  it('refuses a write whose Content-Type it cannot read with its own 415 in the contract’s shape, never a 502', async () => {
    const sealed = await login();
    const before = fake.state.seen.length;
    for (const type of ['application/json, text/plain', 'json', 'application/json/x; a=b']) {
      for (const url of ['/api/loan/apply/', '/api/user/api/token/', '/session/activity']) {
        const answer = await writeTyped(sealed, url, type);
        expect([answer.statusCode, answer.json()], `${type} ${url}`).toEqual([
          415,
          { detail: ka.errors.byCode.unsupported_media_type, code: 'unsupported_media_type' },
        ]);
      }
    }
    expect(fake.state.seen.length).toBe(before);
    expectNoAlarm();
    expect(logged.map((line) => line.msg)).toContain('the gateway refused the request');
  });

  it('refuses a body shorter than its Content-Length with its own 400 in the contract’s shape', async () => {
    const sealed = await login();
    const answer = await gateway.inject({
      method: 'POST',
      url: '/api/loan/apply/',
      headers: asCustomer(sealed, { 'content-type': 'application/json', 'content-length': '64' }),
      payload: '{"amount":"500.00"}',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: ka.errors.byCode.parse_error, code: 'parse_error' });
    expectNoAlarm();
  });

  it('passes on a write whose Content-Type carries parameters as it is: the provider judges it', async () => {
    const sealed = await login();
    const type = 'application/json; charset=utf-8; foo=bar';
    const answer = await writeTyped(sealed, '/api/loan/apply/', type);
    expect(answer.statusCode).toBe(201);
    expect(fake.state.seen.at(-1)).toMatchObject({
      headers: { 'content-type': type },
      body: { amount: '500.00' },
    });
    const again = await postLogin({ 'content-type': type });
    expect(again.statusCode).toBe(200);
    expectNoAlarm();
  });

  it('passes on a body that is not JSON as it is, and the provider’s answer to it', async () => {
    const sealed = await login();
    const answer = await writeTyped(sealed, '/api/loan/apply/', 'application/json', '{"amount":');
    // The fake provider is Fastify: its own 400 for a body it cannot parse comes back as sent.
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    expectNoAlarm();
  });

  it('passes on a write sent with Expect: 100-continue (Node has answered it) instead of a 502', async () => {
    const sealed = await login();
    const answer = await applyForLoan(sealed, { expect: '100-continue' });
    expect(answer.statusCode).toBe(201);
    expect(fake.state.seen.at(-1)?.headers).not.toHaveProperty('expect');
    expectNoAlarm();
  });
});
