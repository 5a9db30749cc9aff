// @vitest-environment node
import Fastify from 'fastify';
import type { FastifyRequest } from '../http/static-server';
import { cookiesOf, providerCalls, streamText } from './provider-calls';

describe("a request's cookies", () => {
  it('are read as sent, so one passed on to the provider is not altered', () => {
    expect(cookiesOf('csrftoken=a%3Bb; other=x%0Ay')).toEqual({
      csrftoken: 'a%3Bb',
      other: 'x%0Ay',
    });
  });

  it('are the first of a name, as browsers send the most specific first', () => {
    expect(cookiesOf('user=path-one; user=root')).toEqual({ user: 'path-one' });
    expect(cookiesOf(undefined)).toEqual({});
  });

  it("reach the provider as sent, but the session's and nameless ones", async () => {
    const provider = Fastify();
    provider.get('/seen', async (request) => ({ cookie: request.headers.cookie ?? null }));
    const upstream = await provider.listen({ host: '127.0.0.1', port: 0 });
    const calls = providerCalls({ upstream });
    try {
      const request = {
        method: 'GET',
        headers: { cookie: 'user=a.b.c; signed_in=1; =nameless; csrftoken=a%3Bb; _ga=GA1.1' },
        ip: '127.0.0.1',
        protocol: 'http',
        host: 'localhost',
      } as unknown as FastifyRequest;
      const answer = await calls.send(request, { asked: { get: '/seen' } });
      const text = Buffer.isBuffer(answer.body)
        ? String(answer.body)
        : await streamText(answer.body);
      expect(JSON.parse(text)).toEqual({ cookie: 'csrftoken=a%3Bb; _ga=GA1.1' });
    } finally {
      await calls.close();
      await provider.close();
    }
  });
});
