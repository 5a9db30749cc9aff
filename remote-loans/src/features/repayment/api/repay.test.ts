import { HttpResponse, http } from 'msw';
import { mswServer } from 'shared/testing/msw-server';
import { activeLoan } from '../../../testing/fake-loan-provider';
import { repayLoan } from './repay';

describe('the repayment call', () => {
  it('posts the amount as a decimal string to the loan’s repay address and answers the loan', async () => {
    const seen: { url: string; body: unknown }[] = [];
    const after = { ...activeLoan, outstanding: '444.19' };
    mswServer.use(
      http.post('*/api/loan/loan/:id/repay/', async ({ request }) => {
        seen.push({ url: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json(after);
      }),
    );
    await expect(repayLoan(12, '100.00')).resolves.toEqual(after);
    expect(seen).toEqual([{ url: '/api/loan/loan/12/repay/', body: { amount: '100.00' } }]);
  });

  it('fails with the provider’s code when the loan is already closed', async () => {
    mswServer.use(
      http.post('*/api/loan/loan/:id/repay/', () =>
        HttpResponse.json({ detail: 'სესხი დახურულია.', code: 'loan_closed' }, { status: 400 }),
      ),
    );
    await expect(repayLoan(9, '1.00')).rejects.toMatchObject({
      status: 400,
      code: 'loan_closed',
      message: 'სესხი დახურულია.',
    });
  });
});
