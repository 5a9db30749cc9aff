import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { settleOrders } from '../lib/payment-orders';

declare module 'fastify' {
  interface FastifyInstance {
    /** Applies the bank's decisions when they fall due (lib/payment-orders settles them). */
    bankDecisions: { schedule: (at: Date) => void };
  }
}

/**
 * The bank decides BANK_DECISION_SECONDS after a customer submits. A timer applies the
 * decision then, so the provider knows before anyone asks; every read settles due decisions
 * too, so a restart (which loses the timers) loses nothing.
 */
export default fp(
  async (app: FastifyInstance) => {
    const timers = new Set<NodeJS.Timeout>();
    let closed = false;
    app.decorate('bankDecisions', {
      schedule(at: Date) {
        if (closed) return;
        const delay = Math.max(0, at.getTime() - app.clock.now().getTime()) + 20;
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (closed) return;
          settleOrders(app).catch((err: unknown) =>
            app.log.error({ err }, 'applying a bank decision failed'),
          );
        }, delay);
        timer.unref();
        timers.add(timer);
      },
    });
    app.addHook('onClose', async () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    });
  },
  { name: 'bank-decisions', dependencies: ['database'] },
);
