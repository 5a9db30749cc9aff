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

/**
 * Another provider that follows the contract in shapes the sandbox never uses (shared/testing/
 * fixtures' `otherProvider…`): its CMS names its images under its API's path and by absolute
 * address on its own origin, which the page's runtime configuration names as the provider's
 * (as `PROVIDER_ORIGINS` would). Its files are answered here, at the paths the host proxies.
 */
export async function serveOtherProviderCms(page: Page): Promise<void> {
  await overrideRuntimeConfig(page.context(), { provider: otherProviderSite });
  await page.route('**/api/cms/slider/', (route) => route.fulfill({ json: otherProviderSlides }));
  await page.route('**/api/cms/question_answer/', (route) =>
    route.fulfill({ json: otherProviderQuestionAnswers }),
  );
  await page.route('**/api/cms/media/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: SLIDE_IMAGE }),
  );
}
