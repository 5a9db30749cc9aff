import { HttpResponse, http } from 'msw';
import { mswServer } from 'shared/testing/msw-server';
import { orderOf } from '../../../testing/fake-order-provider';
import { failedAutopayOf, fetchPaymentOrders } from './payment-orders';

describe('the payment orders list (contract v1.3)', () => {
  it('reads an automatic charge whose provider sends no return address (null), and says it failed', async () => {
    const charge = {
      ...orderOf({ id: 5, loan: 12, purpose: 'autopay', status: 'declined' }),
      redirect_url: null,
      return_url: null,
      decline_reason: 'insufficient_funds',
      decided_at: '2026-11-20T10:00:03+04:00',
    };
    mswServer.use(http.get('*/api/loan/payment_orders/', () => HttpResponse.json([charge])));
    const orders = await fetchPaymentOrders();
    expect(failedAutopayOf(orders, 12)).toMatchObject({ id: 5, return_url: null });
  });
});
