import { orderOf } from '../../../testing/fake-order-provider';
import {
  type Attempt,
  attemptForPress,
  endAttempt,
  endAttemptsOf,
  endAttemptsOfEndedOrders,
  judgeAnswer,
  keepOrder,
  listenForEndedAttempts,
} from './attempt-key';

const attempt: Attempt = {
  loanId: 7,
  purpose: 'repayment',
  amount: '113.47',
  card: null,
  saveCard: false,
};

beforeEach(() => sessionStorage.clear());

describe('an attempt’s key', () => {
  it('is made by the first press and sent again by every repetition of that press', () => {
    const first = attemptForPress(attempt);
    expect(first).toEqual({ key: expect.stringMatching(/^[0-9a-f-]{36}$/), order: null });
    expect(attemptForPress({ ...attempt })).toEqual(first);
  });

  it('is another for another amount, card or purpose: another attempt', () => {
    const key = attemptForPress(attempt).key;
    expect(attemptForPress({ ...attempt, amount: '100.00' }).key).not.toBe(key);
    expect(attemptForPress({ ...attempt, card: 3 }).key).not.toBe(key);
    expect(attemptForPress({ ...attempt, purpose: 'payoff' }).key).not.toBe(key);
  });

  it('outlives a reload of the tab, with the order it was answered with', () => {
    const { key } = attemptForPress(attempt);
    keepOrder(attempt, 41);
    // What a reload keeps: the tab's storage, nothing of the page's memory.
    expect(JSON.parse(sessionStorage.getItem(sessionStorage.key(0) ?? '') ?? '')).toEqual({
      key,
      order: 41,
    });
    expect(attemptForPress(attempt)).toEqual({ key, order: 41 });
  });

  it('ends with the attempt, and the next press makes a new one', () => {
    const { key } = attemptForPress(attempt);
    endAttempt(attempt);
    expect(attemptForPress(attempt).key).not.toBe(key);
  });

  it('ends when the list shows its order ended, and only then', () => {
    const { key } = attemptForPress(attempt);
    keepOrder(attempt, 41);
    endAttemptsOfEndedOrders([orderOf({ id: 41, loan: 7, status: 'created' })]);
    expect(attemptForPress(attempt).key).toBe(key);
    endAttemptsOfEndedOrders([orderOf({ id: 41, loan: 7, status: 'expired' })]);
    expect(attemptForPress(attempt).key).not.toBe(key);
  });

  it('ends in this tab when another tab says the loan’s order ended', async () => {
    listenForEndedAttempts();
    const { key } = attemptForPress(attempt);
    // Another tab's channel: what endAttemptsOf posts there arrives here as a message.
    const otherTab = new BroadcastChannel('online-loan:pay-attempts');
    otherTab.postMessage({ ended: 7 });
    otherTab.close();
    await vi.waitFor(() => expect(attemptForPress(attempt).key).not.toBe(key));
  });

  it('ends for every attempt of the loan at its outcome, and no other loan’s', () => {
    const mine = attemptForPress(attempt).key;
    const other = attemptForPress({ ...attempt, loanId: 8 }).key;
    endAttemptsOf(7);
    expect(attemptForPress(attempt).key).not.toBe(mine);
    expect(attemptForPress({ ...attempt, loanId: 8 }).key).toBe(other);
  });
});

describe('the answer to a press, judged against the attempt', () => {
  const created = orderOf({ id: 41, loan: 7, amount: '113.47', status: 'created' });

  it('is the attempt’s own when its key had no order yet, whatever the order’s state', () => {
    const kept = { key: 'k', order: null };
    expect(judgeAnswer(attempt, kept, created)).toBe('this-attempt');
    // A saved card charged at once, decided before the lost answer's repeat came back.
    const paid = { ...created, status: 'succeeded' as const };
    expect(judgeAnswer(attempt, kept, paid)).toBe('this-attempt');
  });

  it('is the attempt’s own when it is the order its key made, still waiting on the bank’s page', () => {
    expect(judgeAnswer(attempt, { key: 'k', order: 41 }, created)).toBe('this-attempt');
  });

  it.each(['succeeded', 'declined', 'expired', 'canceled', 'processing'] as const)(
    'is spent when the order an earlier press made is %s: never this press’s outcome',
    (status) => {
      expect(judgeAnswer(attempt, { key: 'k', order: 41 }, { ...created, status })).toBe('spent');
    },
  );

  it('is foreign for another loan, purpose, amount or order', () => {
    const kept = { key: 'k', order: null };
    expect(judgeAnswer(attempt, kept, { ...created, loan: 8 })).toBe('foreign');
    expect(judgeAnswer(attempt, kept, { ...created, purpose: 'payoff' })).toBe('foreign');
    expect(judgeAnswer(attempt, kept, { ...created, amount: '113.48' })).toBe('foreign');
    expect(judgeAnswer(attempt, { key: 'k', order: 40 }, created)).toBe('foreign');
  });

  it('reads amounts as money, and takes a payoff’s amount from the provider', () => {
    const kept = { key: 'k', order: null };
    const tenLari: Attempt = { ...attempt, amount: '10.50' };
    expect(judgeAnswer(tenLari, kept, { ...created, amount: '10.5' })).toBe('this-attempt');
    expect(judgeAnswer(tenLari, kept, { ...created, amount: 'ten' })).toBe('foreign');
    const payoff: Attempt = { ...attempt, purpose: 'payoff', amount: '900.00' };
    expect(judgeAnswer(payoff, kept, { ...created, purpose: 'payoff', amount: '901.20' })).toBe(
      'this-attempt',
    );
  });
});
