import { ApiError } from 'shared/api/api-error';
import { type Attempt, attemptKey } from './attempt-key';
import { createPaymentOrder, type NewPaymentOrder, type PaymentOrder } from './payment-orders';

/** The answer was lost on the way (no status, or a gateway that lost the provider's): repeatable. */
const answerLost = (error: unknown) =>
  error instanceof ApiError &&
  (error.kind === 'network' || error.status === 502 || error.status === 504);

/**
 * Creates the attempt's payment order with the attempt's Idempotency-Key (attempt-key). A lost
 * answer is asked once more with the same key before the customer hears of it: the provider
 * answers the order the first request made (200), never a second one.
 */
export async function createOrderFor(attempt: Attempt, returnUrl: string): Promise<PaymentOrder> {
  const body: NewPaymentOrder = {
    purpose: attempt.purpose,
    ...(attempt.purpose === 'repayment' ? { amount: attempt.amount } : {}),
    card: attempt.card,
    save_card: attempt.card === null && attempt.saveCard,
    return_url: returnUrl,
  };
  const key = attemptKey(attempt);
  try {
    return await createPaymentOrder(attempt.loanId, body, key);
  } catch (error) {
    if (!answerLost(error)) throw error;
    return createPaymentOrder(attempt.loanId, body, key);
  }
}
