import type { Page, Route } from '@playwright/test';
import {
  SESSION_ACTIVITY_PATH,
  SESSION_STATE_PATH,
  SIGNED_IN_COOKIE,
} from 'shared/session/server-session';
import {
  calculationFor,
  calculatorBounds,
  customer,
  loanLimit,
  loans,
  loanTerms,
  otherProviderQuestionAnswers,
  otherProviderSite,
  otherProviderSlides,
  personalDataNotice,
  questionAnswers,
  registrationTerms,
  slides,
} from 'shared/testing/fixtures';
import { overrideRuntimeConfig } from './runtime-config-override';
import { HOST_URL } from './urls';

/**
 * A contract-shaped provider answered inside the browser. These platform tests exercise the
 * shell and federation, not the provider, so every /api and /media request is answered here
 * with the same fixtures the unit tests use.
 */
const SLIDE_IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0b5d55"/><stop offset="1" stop-color="#1a7f74"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/><circle cx="1000" cy="120" r="160" fill="#ffffff" opacity="0.08"/></svg>`;

function answerFor(url: URL, authorized: boolean): unknown | undefined {
  switch (url.pathname) {
    case '/api/loan/calculator':
      return calculationFor(
        Number(url.searchParams.get('amount')),
        Number(url.searchParams.get('term')),
        calculatorBounds(authorized ? loanLimit : null),
      );
    case '/api/user/details/':
      return authorized ? customer : undefined;
    case '/api/user/user/loan_limit/':
      return authorized ? loanLimit : undefined;
    case '/api/loan/loan_application/':
      return authorized ? [] : undefined;
    case '/api/loan/loan_application/create_loan_validation/':
      return authorized ? { valid: true } : undefined;
    case '/api/cms/slider/':
      return slides;
    case '/api/cms/question_answer/':
      return questionAnswers;
    case '/api/cms/terms_of_contract/':
      return (
        { '1': [loanTerms], '3': [personalDataNotice] }[
          url.searchParams.get('contact_type') ?? ''
        ] ?? [registrationTerms]
      );
    case '/api/loan/loan/':
      return loans;
    default:
      return undefined;
  }
}

/** Whether the browser holds a session: what the host's server would authorise calls with. */
async function signedIn(page: Page): Promise<boolean> {
  const cookies = await page.context().cookies();
  return cookies.some((cookie) => cookie.name === SIGNED_IN_COOKIE && cookie.value === '1');
}

export async function mockProvider(page: Page): Promise<void> {
  // The session's own calls, as the host's server answers a fresh session (decision 027).
  for (const path of [SESSION_STATE_PATH, SESSION_ACTIVITY_PATH]) {
    await page.route(`**${path}`, async (route: Route) =>
      (await signedIn(page))
        ? route.fulfill({
            json: { idle_seconds: 900, idle_left_seconds: 900, max_left_seconds: 43_200 },
          })
        : route.fulfill({ status: 401, json: { detail: 'არა.', code: 'not_authenticated' } }),
    );
  }
  await page.route('**/api/**', async (route: Route) => {
    const request = route.request();
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/user/user_log/') {
      return route.fulfill({ status: 201, json: {} });
    }
    const authorized = await signedIn(page);
    const answer = answerFor(new URL(request.url()), authorized);
    if (answer === undefined) {
      return route.fulfill({ status: 404, json: { detail: 'Not found.', code: 'not_found' } });
    }
    return route.fulfill({ json: answer });
  });
  await page.route('**/media/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: SLIDE_IMAGE }),
  );
}

/**
 * A logged-in customer for the mocked provider, as the page sees one: the companion cookie a
 * login leaves (the fixtures answer every authorised call; the overdue call answers 404, none).
 * No sealed session: the host's server would ask the real provider with it, so it sends a
 * visitor's page, which the browser renders afresh as the customer's.
 */
export async function asMockedCustomer(page: Page): Promise<void> {
  await page.context().addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: HOST_URL }]);
}

/** The other provider's acquiring bank: its payment page is on an origin of its own. */
export const OTHER_BANK_ORIGIN = 'https://ecommerce.bank.example';

/**
 * Another provider that follows the contract in shapes the sandbox never uses (shared/testing/
 * fixtures' `otherProvider…`): its CMS names its images under its API's path and by absolute
 * address on its own origin, which the page's runtime configuration names as the provider's
 * (as `PROVIDER_ORIGINS` would), and its bank's page is on another origin than the sandbox's
 * (as `PAYMENT_PAGE_ORIGINS` would name it). Its files are answered here, at the paths the host
 * proxies.
 */
export async function serveOtherProvider(page: Page): Promise<void> {
  await overrideRuntimeConfig(page.context(), {
    provider: otherProviderSite,
    payment: { pageOrigins: [OTHER_BANK_ORIGIN] },
  });
  await page.route('**/api/cms/slider/', (route) => route.fulfill({ json: otherProviderSlides }));
  await page.route('**/api/cms/question_answer/', (route) =>
    route.fulfill({ json: otherProviderQuestionAnswers }),
  );
  await page.route('**/api/cms/media/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: SLIDE_IMAGE }),
  );
}

/**
 * A payment order of the other provider (contract v1.3) in shapes the sandbox never writes:
 * times with Tbilisi's offset and fractions of a second, and a field the contract may add later.
 */
export function otherProviderOrder(
  fields: { id: number; amount: string } & Record<string, unknown>,
): Record<string, unknown> {
  return {
    loan: loans[0]?.id,
    purpose: 'repayment',
    status: 'created',
    redirect_url: `${OTHER_BANK_ORIGIN}/payment/form?trans_id=${fields.id}-Zm9v%2BYmFy`,
    return_url: `${HOST_URL}/payment`,
    created_at: '2026-11-25T14:03:07.512345+04:00',
    expires_at: '2026-11-25T14:18:07.512345+04:00',
    decided_at: null,
    decline_reason: null,
    card: null,
    payment: null,
    acquirer: 'ecommerce',
    ...fields,
  };
}

type Answer = { status: number; json: unknown };

export interface OtherProviderOrders {
  /** The customer's orders, newest first; a test changes them as the bank would. */
  orders: Record<string, unknown>[];
  /** Each create the page sent: the loan, its Idempotency-Key and its body. */
  creates: { loan: number; key: string | null; body: unknown }[];
  /** How often each order was asked for by its id. */
  asks: Map<number, number>;
}

/**
 * The other provider's payment orders and saved cards (contract v1.3), answered in the browser
 * over mockProvider: the list, each order by id (`onAsk` runs before each answer), cancel while
 * `created`, and creates answered by `onCreate` (by default, a refusal the test did not expect).
 */
export async function serveOtherProviderOrders(
  page: Page,
  options: {
    orders?: Record<string, unknown>[];
    onCreate?: (state: OtherProviderOrders) => Answer;
    onAsk?: (id: number, asks: number) => Promise<void>;
  } = {},
): Promise<OtherProviderOrders> {
  const state: OtherProviderOrders = {
    orders: options.orders ?? [],
    creates: [],
    asks: new Map(),
  };
  const notFound = { detail: 'Not found.', code: 'not_found' };
  await page.route('**/api/user/cards/', (route) => route.fulfill({ json: [] }));
  await page.route('**/api/loan/payment_orders/**', async (route) => {
    const request = route.request();
    const [, id, cancel] =
      /\/api\/loan\/payment_orders\/(?:(\d+)\/(cancel\/)?)?$/.exec(
        new URL(request.url()).pathname,
      ) ?? [];
    if (!id) return route.fulfill({ json: state.orders });
    const order = state.orders.find((candidate) => candidate.id === Number(id));
    if (!order) return route.fulfill({ status: 404, json: notFound });
    if (cancel && request.method() === 'POST') {
      if (order.status !== 'created') {
        return route.fulfill({
          status: 400,
          json: { detail: 'გაუქმება შეუძლებელია.', code: 'order_not_cancelable' },
        });
      }
      Object.assign(order, {
        status: 'canceled',
        redirect_url: null,
        decided_at: '2026-11-25T14:05:00.250+04:00',
      });
      return route.fulfill({ json: order });
    }
    const asks = (state.asks.get(Number(id)) ?? 0) + 1;
    state.asks.set(Number(id), asks);
    await options.onAsk?.(Number(id), asks);
    return route.fulfill({ json: order });
  });
  await page.route('**/api/loan/loan/*/payment_orders/', (route) => {
    const request = route.request();
    state.creates.push({
      loan: Number(/\/loan\/(\d+)\/payment_orders\/$/.exec(request.url())?.[1]),
      key: request.headers()['idempotency-key'] ?? null,
      body: request.postDataJSON(),
    });
    const answer = options.onCreate?.(state) ?? {
      status: 400,
      json: { detail: 'არა.', code: 'unexpected_create' },
    };
    return route.fulfill(answer);
  });
  return state;
}
