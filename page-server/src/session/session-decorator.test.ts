// @vitest-environment node
import Fastify from 'fastify';
import type { SessionAt, SessionContext } from './session-context';
import { sessionDecorator } from './session-decorator';

describe('the session decorator', () => {
  it('opens the session once per request, however often a hook or route reads it', async () => {
    let opened = 0;
    const context = {
      sessionOf: async (): Promise<SessionAt> => {
        opened += 1;
        return { kind: 'ended', why: 'inactive' };
      },
    } as unknown as SessionContext;
    const app = Fastify();
    await app.register(sessionDecorator, { context });
    app.addHook('preHandler', async (request) => {
      expect(request.sessionAt.kind).toBe('ended');
    });
    app.get('/', async (request) => [request.sessionAt, request.sessionAt]);
    const answer = await app.inject({ url: '/' });
    expect(answer.json()).toEqual([
      { kind: 'ended', why: 'inactive' },
      { kind: 'ended', why: 'inactive' },
    ]);
    await app.inject({ url: '/' });
    expect(opened).toBe(2);
    await app.close();
  });
});
