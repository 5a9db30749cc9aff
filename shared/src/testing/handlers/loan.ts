import { HttpResponse, http } from 'msw';
import { loans } from '../fixtures';

function authorized(request: Request): boolean {
  return /^JWT \S+$/.test(request.headers.get('Authorization') ?? '');
}

const notAuthenticated = () =>
  HttpResponse.json(
    { detail: 'ავტორიზაციის მონაცემები არ არის მოწოდებული.', code: 'not_authenticated' },
    { status: 401 },
  );

/** The provider's loan area. */
export const loanHandlers = [
  http.get('*/api/loan/loan/', ({ request }) =>
    authorized(request) ? HttpResponse.json(loans) : notAuthenticated(),
  ),
];
