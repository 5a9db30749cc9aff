import type { Page, Route } from '@playwright/test';
import {
  loans,
  loanTerms,
  questionAnswers,
  registrationTerms,
  slides,
} from 'shared/testing/fixtures';

/**
 * A contract-shaped provider answered inside the browser. These platform tests exercise the
 * shell and federation, not the provider, so every /api and /media request is answered here
 * with the same fixtures the unit tests use.
 */
const SLIDE_IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0b5d55"/><stop offset="1" stop-color="#1a7f74"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/><circle cx="1000" cy="120" r="160" fill="#ffffff" opacity="0.08"/></svg>`;

function answerFor(url: URL): unknown | undefined {
  switch (url.pathname) {
    case '/api/cms/slider/':
      return slides;
    case '/api/cms/question_answer/':
      return questionAnswers;
    case '/api/cms/terms_of_contract/':
      return url.searchParams.get('contact_type') === '1' ? [loanTerms] : [registrationTerms];
    case '/api/loan/loan/':
      return loans;
    default:
      return undefined;
  }
}

export async function mockProvider(page: Page): Promise<void> {
  await page.route('**/api/**', (route: Route) => {
    const answer = answerFor(new URL(route.request().url()));
    if (answer === undefined) {
      return route.fulfill({ status: 404, json: { detail: 'Not found.', code: 'not_found' } });
    }
    return route.fulfill({ json: answer });
  });
  await page.route('**/media/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: SLIDE_IMAGE }),
  );
}
