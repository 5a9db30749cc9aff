import { HttpResponse, http } from 'msw';
import { ApiError } from 'shared/api/api-error';
import { mswServer } from 'shared/testing/msw-server';
import * as z from 'shared/validation/zod';
import { fetchLoanPart, loanPartKey } from './loan-part';

const partSchema = z.object({ loan: z.int() });

describe('a part of one loan', () => {
  it('is asked at the loan’s address for it, with the query given, and answered as its schema reads it', async () => {
    const asked: string[] = [];
    mswServer.use(
      http.get('*/api/loan/loan/:id/payoff/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.pathname}${url.search}`);
        return HttpResponse.json({ loan: 7 });
      }),
    );
    await expect(
      fetchLoanPart(partSchema, 7, 'payoff', { params: { date: '2026-12-10' } }),
    ).resolves.toEqual({ loan: 7 });
    expect(asked).toEqual(['/api/loan/loan/7/payoff/?date=2026-12-10']);
  });

  it('refuses an answer outside its schema', async () => {
    mswServer.use(
      http.get('*/api/loan/loan/:id/contract/', () => HttpResponse.json({ loan: '7' })),
    );
    const failure = await fetchLoanPart(partSchema, 7, 'contract').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'invalid-answer' });
  });

  it('is kept under the session’s account, by part, loan and what else tells it apart', () => {
    expect(loanPartKey('payments', 7)).toEqual(['account', 'payments', 7]);
    expect(loanPartKey('payoff', 7, 'today')).toEqual(['account', 'payoff', 7, 'today']);
  });
});
