import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Queryable } from '../db/database';
import { askForCode, checkCode } from '../lib/bank-codes';
import { outcomeOf } from '../lib/bank-rules';
import { georgianDate } from '../lib/calculator';
import {
  cancelOrder,
  declineNow,
  ORDER_COLUMNS,
  type OrderRow,
  orderByToken,
  settleOrders,
  startProcessing,
} from '../lib/payment-orders';
import { returnAddress } from '../lib/return-url';
import { cardPage, closedPage, codePage, messagePage, type PageOrder } from './bank-pages';
import { readCardForm, textOf } from './card-form';
import { KA_BANK } from './ka-bank';

const CSS = readFileSync(new URL('./bank.css', import.meta.url), 'utf8');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The bank's mark, so a browser asks for no /favicon.ico (its 404 would be a console error). */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#102a54"/><rect x="3" y="5" width="10" height="2" fill="#fff"/><rect x="3" y="9" width="6" height="2" fill="#f5b50a"/></svg>';

export interface BankOptions {
  /** Fastify's logger for the bank: URLs and statuses only, never a body. */
  logger?: boolean | { level: string; stream?: { write: (line: string) => void } };
}

type Form = Record<string, string>;

/**
 * The sandbox's acquiring bank (contract v1.3) on an origin of its own: the card page of a
 * payment order, its one-time code page, and the return to the client's `return_url` with
 * `order=<id>`. It shares the provider's database and clock (one process), and keeps no card
 * number, expiry or code anywhere: not in the database, not in a log line.
 */
export async function buildBank(
  api: FastifyInstance,
  options: BankOptions = {},
): Promise<FastifyInstance> {
  const bank = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 16 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  });
  const { config } = api;
  const formAction = ["'self'", ...config.clientOrigins].join(' ');

  // Forms only; the body is parsed here and goes nowhere else (Fastify logs no bodies).
  bank.removeAllContentTypeParsers();
  bank.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const form: Form = Object.create(null);
      for (const [name, value] of new URLSearchParams(body as string)) form[name] = value;
      done(null, form);
    },
  );

  bank.addHook('onSend', async (_request, reply) => {
    reply.headers({
      'content-security-policy': `default-src 'none'; style-src 'self'; img-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      // The page's address names the order's token: keep it off other sites' Referer, while
      // the bank's own forms still carry their Origin.
      'referrer-policy': 'same-origin',
      'cache-control': 'no-store',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(body);

  // Whatever fails says so in Georgian; the log gets the error's message and code, never the
  // request's body (which may hold a card).
  bank.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ error: { message: error.message, code: error.code } }, 'bank error');
    }
    return html(reply, status, messagePage(KA_BANK.errorTitle, KA_BANK.error));
  });
  bank.setNotFoundHandler((_request, reply) =>
    html(reply, 404, messagePage(KA_BANK.notFoundTitle, KA_BANK.notFound)),
  );

  bank.get('/favicon.svg', async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON),
  );

  bank.get('/bank.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS),
  );

  /** A form's anti-forgery value: bound to the order's page and the step it shows. */
  const formToken = (token: string, step: string) =>
    createHmac('sha256', config.jwtSecret).update(`bank-form:${token}:${step}`).digest('base64url');
  const formTokenMatches = (token: string, step: string, posted: string) => {
    const expected = Buffer.from(formToken(token, step));
    const actual = Buffer.from(posted);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };

  /** A form posted from another site is refused: its Origin must be the bank's own. */
  const sameOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      try {
        if (new URL(origin).host !== request.headers.host) return false;
      } catch {
        return false;
      }
    }
    const site = request.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin';
  };

  /** The order of a page's token, with its due expiry and decision applied. */
  const orderOf = async (token: string): Promise<OrderRow | undefined> => {
    if (!TOKEN.test(token)) return undefined;
    const found = await orderByToken(api.db, token);
    if (!found) return undefined;
    await settleOrders(api, found.user_id);
    return orderByToken(api.db, token);
  };

  const pageOrder = (order: OrderRow): PageOrder => ({
    loan: order.loan_id,
    purpose: order.purpose,
    amount: order.amount,
    merchant: config.bankMerchantName,
  });
  const backTo = (order: OrderRow) => returnAddress(order.return_url ?? '', order.id);
  const action = (token: string) => `/pay/${token}`;

  const phoneEnd = async (order: OrderRow) => {
    const [user] = await api.db.query<{ phone_number: string }>(
      'SELECT phone_number FROM users WHERE id = $1',
      [order.user_id],
    );
    return user?.phone_number.slice(-3) ?? '';
  };

  /**
   * The page of an order: its card or code form while it waits for the customer (a wrong form
   * comes back as a 200 page that says what is wrong: browsers log any 4xx page as an error),
   * else what became of it.
   */
  const showOrder = async (
    reply: FastifyReply,
    order: OrderRow,
    status = 200,
    problems: {
      card?: Parameters<typeof cardPage>[0]['errors'];
      values?: Form;
      code?: string;
    } = {},
  ) => {
    const token = order.bank_token ?? '';
    if (order.status !== 'created') {
      return html(
        reply,
        status,
        closedPage(
          { ...pageOrder(order), status: order.status, declineReason: order.decline_reason },
          backTo(order),
        ),
      );
    }
    if (order.bank_step === 'code') {
      return html(
        reply,
        status,
        codePage({
          order: pageOrder(order),
          action: action(token),
          formToken: formToken(token, 'code'),
          phoneEnd: await phoneEnd(order),
          ...(problems.code ? { error: problems.code } : {}),
        }),
      );
    }
    return html(
      reply,
      status,
      cardPage({
        order: pageOrder(order),
        action: action(token),
        formToken: formToken(token, 'card'),
        values: { expiry: problems.values?.expiry ?? '', holder: problems.values?.holder ?? '' },
        errors: problems.card ?? {},
      }),
    );
  };

  bank.get<{ Params: { token: string } }>('/pay/:token', async (request, reply) => {
    const order = await orderOf(request.params.token);
    if (!order) return html(reply, 404, messagePage(KA_BANK.notFoundTitle, KA_BANK.notFound));
    return showOrder(reply, order);
  });

  /** Locks a created order (not yet expired) for a change the customer asked for. */
  const lockCreated = async (tx: Queryable, id: number, now: Date) => {
    const [row] = await tx.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM payment_orders
        WHERE id = $1 AND status = 'created' AND expires_at > $2 FOR UPDATE`,
      [id, now.toISOString()],
    );
    return row;
  };

  bank.post<{ Params: { token: string }; Body: Form | undefined }>(
    '/pay/:token',
    async (request, reply) => {
      const { token } = request.params;
      const order = await orderOf(token);
      if (!order) return html(reply, 404, messagePage(KA_BANK.notFoundTitle, KA_BANK.notFound));
      const form = request.body ?? {};
      const step = order.bank_step ?? 'card';
      if (
        !sameOrigin(request) ||
        (order.status === 'created' && !formTokenMatches(token, step, textOf(form.form_token)))
      ) {
        return html(reply, 403, messagePage(KA_BANK.forbiddenTitle, KA_BANK.forbidden));
      }
      // Decided meanwhile (another tab, the 15 minutes): the page says what became of it.
      if (order.status !== 'created') return reply.redirect(action(token), 303);
      const now = api.clock.now();

      if (form.cancel !== undefined) {
        await api.db.transaction((tx) => cancelOrder(tx, order.id, now));
        return reply.redirect(backTo(order), 303);
      }

      if (step === 'card') {
        const read = readCardForm(form, georgianDate(now));
        if (!read.ok) {
          return showOrder(reply, order, 200, {
            card: read.errors,
            values: { expiry: textOf(form.expiry), holder: textOf(form.holder) },
          });
        }
        const { card } = read;
        if (card.rule === 'code') {
          // The bank asks for its one-time code before it takes the card.
          await api.db.transaction(async (tx) => {
            const locked = await lockCreated(tx, order.id, now);
            if (locked) await askForCode(api, tx, locked, now, card);
          });
          return reply.redirect(action(token), 303);
        }
        const decideAt = await api.db.transaction(async (tx) =>
          startProcessing(api, tx, order.id, outcomeOf(card.rule), now, card),
        );
        if (decideAt) api.bankDecisions.schedule(decideAt);
        return reply.redirect(decideAt ? backTo(order) : action(token), 303);
      }

      const typed = textOf(form.code).trim();
      if (!/^\d{6}$/.test(typed)) {
        return showOrder(reply, order, 200, { code: KA_BANK.errors.codeFormat });
      }
      const result = await api.db.transaction(async (tx) => {
        const locked = await lockCreated(tx, order.id, now);
        if (!locked) return { gone: true } as const;
        const check = await checkCode(api, tx, locked, typed);
        if (check.ok) {
          return {
            gone: false,
            decideAt: await startProcessing(api, tx, locked.id, 'succeeded', now),
          };
        }
        if (check.triesLeft <= 0) {
          await declineNow(api, tx, locked.id, 'authentication_failed', now);
          return { gone: false, decideAt: null, declined: true };
        }
        return { gone: false, decideAt: null, triesLeft: check.triesLeft };
      });
      if (result.gone) return reply.redirect(action(token), 303);
      if ('triesLeft' in result && result.triesLeft !== undefined) {
        return showOrder(reply, order, 200, { code: KA_BANK.errors.codeWrong(result.triesLeft) });
      }
      if (result.decideAt) api.bankDecisions.schedule(result.decideAt);
      return reply.redirect(backTo(order), 303);
    },
  );

  return bank;
}
