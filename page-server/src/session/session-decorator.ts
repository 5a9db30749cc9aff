import fp from 'fastify-plugin';
import type { FastifyRequest, StaticServer } from '../http/static-server';
import type { SessionAt, SessionContext } from './session-context';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The session the request carries, opened once (the session decorator's `onRequest` hook);
     * set on the session gateway's routes only.
     */
    readonly sessionAt: SessionAt;
  }
}

/** Opens the sealed session once per request, before the CSRF hook and the routes read it. */
export const sessionDecorator = fp(
  async (app: StaticServer, { context }: { context: SessionContext }) => {
    const opened = new WeakMap<FastifyRequest, SessionAt>();
    app.decorateRequest('sessionAt', {
      getter(this: FastifyRequest) {
        const at = opened.get(this);
        // A route outside the gateway reads no session this way: it would be a guess.
        if (!at) throw new Error("sessionAt is read only on the session gateway's routes");
        return at;
      },
    });
    app.addHook('onRequest', async (request) => {
      opened.set(request, await context.sessionOf(request));
    });
  },
  { name: 'session-decorator', fastify: '5.x' },
);
