import { HttpResponse, http } from 'msw';
import { loans } from '../../testing/fixtures';
import { mswServer } from '../../testing/msw-server';
import { holdSession } from '../../testing/session';
import { ApiError } from '../api-error';
import { fetchLoans } from './loans';

describe('fetchLoans', () => {
  it("returns the logged-in user's loans", async () => {
    holdSession();
    await expect(fetchLoans()).resolves.toEqual(loans);
  });

  it('rejects with the provider’s 401 when nobody is logged in', async () => {
    const error = await fetchLoans().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'not_authenticated' });
  });

  it('rejects money sent as a number as breaking the contract', async () => {
    holdSession();
    mswServer.use(
      http.get('*/api/loan/loan/', () => HttpResponse.json([{ ...loans[0], amount: 1500 }])),
    );
    await expect(fetchLoans()).rejects.toMatchObject({ kind: 'invalid-answer', status: 500 });
  });

  it('rejects an unknown loan status as breaking the contract', async () => {
    holdSession();
    mswServer.use(
      http.get('*/api/loan/loan/', () => HttpResponse.json([{ ...loans[0], status: 'frozen' }])),
    );
    await expect(fetchLoans()).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});
