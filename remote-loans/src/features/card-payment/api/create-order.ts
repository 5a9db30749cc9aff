import { ApiError } from 'shared/api/api-error';
import {
  type Attempt,
  attemptForPress,
  endAttempt,
  judgeAnswer,
  type KeptAttempt,
  keepOrder,
} from '../lib/attempt-key';
import { createPaymentOrder, type NewPaymentOrder, type PaymentOrder } from './payment-orders';

/** The answer was lost on the way (no status, or a gateway that lost the provider's): repeatable. */
const answerLost = (error: unknown) =>
  error instanceof ApiError &&
  (error.kind === 'network' || error.status === 502 || error.status === 504);

/** The provider answered a press with an order that is not the attempt's: never shown as its outcome. */
export class ForeignOrderError extends Error {
  override readonly name = 'ForeignOrderError';
  constructor(readonly order: PaymentOrder) {
    super(`order ${order.id} does not answer this attempt to pay`);
  }
}

/**
 * Sends the attempt's request with its key. A lost answer is asked once more with the same key
 * before the customer hears of it: the provider answers the order the first request made
 * (200), never a second one.
 */
async function send(attempt: Attempt, returnUrl: string, key: string): Promise<PaymentOrder> {
  const body: NewPaymentOrder = {
    purpose: attempt.purpose,
    ...(attempt.purpose === 'repayment' ? { amount: attempt.amount } : {}),
    card: attempt.card,
    save_card: attempt.card === null && attempt.saveCard,
    return_url: returnUrl,
  };
  try {
    return await createPaymentOrder(attempt.loanId, body, key);
  } catch (error) {
    if (!answerLost(error)) throw error;
    return createPaymentOrder(attempt.loanId, body, key);
  }
}

/** A key the provider has seen with another body (another site's return address): spent. */
const keyReused = (error: unknown) =>
  error instanceof ApiError && error.code === 'idempotency_key_reused';

/**
 * The order a press of pay is answered with (attempt-key's rule). The press sends the
 * attempt's key; an answer that belongs to an earlier press of it and has moved on (paid,
 * declined, expired, canceled here or in another tab), or a key the provider knows with
 * another body, ends that attempt, and the same press is sent once more as a new attempt, so
 * it reaches the bank instead of an old outcome. An order that is not the attempt's at all
 * ends it too, and is refused.
 */
export async function createOrderFor(attempt: Attempt, returnUrl: string): Promise<PaymentOrder> {
  const pressed = async (kept: KeptAttempt, firstTry: boolean): Promise<PaymentOrder> => {
    let order: PaymentOrder;
    try {
      order = await send(attempt, returnUrl, kept.key);
    } catch (error) {
      if (!firstTry || !keyReused(error)) throw error;
      endAttempt(attempt);
      return pressed(attemptForPress(attempt), false);
    }
    const verdict = judgeAnswer(attempt, kept, order);
    if (verdict === 'this-attempt') {
      keepOrder(attempt, order.id);
      return order;
    }
    endAttempt(attempt);
    if (verdict === 'spent' && firstTry) return pressed(attemptForPress(attempt), false);
    throw new ForeignOrderError(order);
  };
  return pressed(attemptForPress(attempt), true);
}
