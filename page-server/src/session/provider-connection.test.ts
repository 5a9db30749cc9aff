// @vitest-environment node
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerProviderGateway } from './provider-gateway';
import { sessionKeys } from './session-keys';

/*
 * The provider closing a kept-alive connection just as the gateway sends its next request on
 * it (its keep-alive timer and the request crossing, the race behind a 502 for a slide's image):
 * nothing was answered, so a read is asked again, and a write is not.
 */

interface Provider {
  address: string;
  /** Each request line the provider received, answered or not. */
  received: string[];
  close(): Promise<void>;
}

/**
 * A provider written by hand, so the test decides when a socket closes: it answers and keeps
 * each connection alive, but closes the one the second request arrives on unanswered — once
 * in its life, as a server whose idle timer fired as the request came does.
 */
async function racingProvider(): Promise<Provider> {
  const received: string[] = [];
  let closedOne = false;
  const server = net.createServer((socket) => {
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = pending.slice(0, end);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        pending = pending.slice(end + 4 + length);
        received.push(head.split('\r\n')[0] ?? '');
        if (received.length === 2 && !closedOne) {
          closedOne = true;
          socket.destroy();
          return;
        }
        const body = '{"ok":true}';
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: keep-alive\r\nkeep-alive: timeout=60\r\n\r\n${body}`,
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.unref();
      }),
  };
}

let provider: Provider;
let gateway: FastifyInstance;

beforeEach(async () => {
  provider = await racingProvider();
  gateway = Fastify();
  await registerProviderGateway(gateway, {
    upstream: provider.address,
    prefixes: ['/api', '/media'],
    keys: sessionKeys({ SESSION_SECRET: 'a-test-secret-that-is-long-enough-to-be-a-key' }),
    limits: { idleSeconds: 40, maxSeconds: 3600 },
    unreachableBody: { code: 'provider_unavailable' },
    tooLargeBody: { code: 'request_too_large' },
  });
});

afterEach(async () => {
  await gateway.close();
  await provider.close();
});

describe('a kept-alive connection the provider closed as the next request went out', () => {
  it('costs a read nothing: the image is asked again on a new connection and arrives', async () => {
    expect(
      (await gateway.inject({ method: 'GET', url: '/media/slider/coins.svg' })).statusCode,
    ).toBe(200);

    const answer = await gateway.inject({ method: 'GET', url: '/media/slider/calendar.svg' });

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
    expect(provider.received).toEqual([
      'GET /media/slider/coins.svg HTTP/1.1',
      'GET /media/slider/calendar.svg HTTP/1.1',
      'GET /media/slider/calendar.svg HTTP/1.1',
    ]);
  });

  it('never sends a write twice: the page is told the provider was unreachable', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/api/cms/slides/' })).statusCode).toBe(200);

    const answer = await gateway.inject({
      method: 'POST',
      url: '/api/loan/apply/',
      headers: { 'content-type': 'application/json' },
      payload: { amount: '500.00' },
    });

    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({ code: 'provider_unavailable' });
    expect(provider.received).toEqual([
      'GET /api/cms/slides/ HTTP/1.1',
      'POST /api/loan/apply/ HTTP/1.1',
    ]);
  });
});
