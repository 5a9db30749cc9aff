import { HttpResponse, http, type JsonBodyType } from 'msw';
import { ApiError } from 'shared/api/api-error';
import { invalidateAccount } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { mswServer } from 'shared/testing/msw-server';
import { overdueAnswer } from '../../testing/fake-loan-provider';
import { fetchOverdue, overdueQuery } from './overdue';

const answer = (body: JsonBodyType, status = 200) =>
  mswServer.use(
    http.get('*/api/loan/overdue_loan_application/', () => HttpResponse.json(body, { status })),
  );

describe('the overdue call', () => {
  it('answers the overdue loan as the contract writes it', async () => {
    answer(overdueAnswer);
    await expect(fetchOverdue()).resolves.toEqual(overdueAnswer);
  });

  it('answers null, not an error, when the provider says there is none (404)', async () => {
    answer({ detail: 'Not found.', code: 'not_found' }, 404);
    await expect(fetchOverdue()).resolves.toBeNull();
  });

  it('fails with an ApiError on any other failure', async () => {
    answer({ detail: 'Server error.' }, 500);
    await expect(fetchOverdue()).rejects.toMatchObject({ name: 'ApiError', status: 500 });
  });

  it('refuses an answer outside the contract (money as a number)', async () => {
    answer({ ...overdueAnswer, penalty: 3.38 });
    const failure = await fetchOverdue().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'invalid-answer' });
  });

  it('is asked again whenever the account is (after a payment, a login, a decision)', async () => {
    answer(overdueAnswer);
    await queryClient.fetchQuery(overdueQuery);
    expect(queryClient.getQueryState(overdueQuery.queryKey)?.isInvalidated).toBe(false);
    await invalidateAccount();
    expect(queryClient.getQueryState(overdueQuery.queryKey)?.isInvalidated).toBe(true);
  });
});
