import { HttpResponse, http } from 'msw';
import { holdSession } from 'shared/testing/session';
import { loanLimit } from '../../testing/fixtures';
import { mswServer } from '../../testing/msw-server';
import { fetchLoanLimit } from './loan-limit';

describe('fetchLoanLimit', () => {
  it('gets the logged-in customer’s limit', async () => {
    holdSession();
    const seen: { method: string; path: string }[] = [];
    mswServer.use(
      http.get('*/api/user/user/loan_limit/', ({ request }) => {
        seen.push({ method: request.method, path: new URL(request.url).pathname });
        return HttpResponse.json(loanLimit);
      }),
    );
    await expect(fetchLoanLimit()).resolves.toEqual({
      amount_limit: '3000.00',
      term_limit: [3, 6, 12],
    });
    expect(seen).toEqual([{ method: 'GET', path: '/api/user/user/loan_limit/' }]);
  });

  it('rejects a visitor without a session with 401 not_authenticated', async () => {
    await expect(fetchLoanLimit()).rejects.toMatchObject({
      status: 401,
      code: 'not_authenticated',
    });
  });

  it.each([
    ['with the amount as a number', { ...loanLimit, amount_limit: 3000 }],
    ['with the amount without its two decimals', { ...loanLimit, amount_limit: '3000' }],
    ['without terms', { amount_limit: '3000.00' }],
    ['with a zero-month term', { ...loanLimit, term_limit: [0, 6] }],
  ])('rejects an answer %s as breaking the contract', async (_case, answer) => {
    holdSession();
    mswServer.use(http.get('*/api/user/user/loan_limit/', () => HttpResponse.json(answer)));
    await expect(fetchLoanLimit()).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});
