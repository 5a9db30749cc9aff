import { toTetri } from 'shared/lib/money';
import type { PaymentOrder } from '../api/payment-orders';

/*
 * One Idempotency-Key per attempt to pay (contract v1.3, conventions "Money that moves", the
 * rule written out in docs/payments.md). A press of pay makes the attempt's key and keeps it in
 * the tab's sessionStorage under what the attempt is (the loan, the purpose, the amount, the
 * card): a repetition of that request sends it again — the lost answer's repeat and the 401
 * replay (the same request), a second press while the first is unanswered (useWrite), a press
 * after a reload while the order it made still waits on the bank's page. The provider's answer
 * is judged against the attempt before the customer is sent anywhere (judgeAnswer), and the
 * key ends when its order ends, in whichever tab that is seen (a BroadcastChannel tells the
 * others). Browser only: called from effects and handlers.
 */

/** What one attempt to pay is: the same body to the provider, the same key. */
export interface Attempt {
  loanId: number;
  purpose: 'repayment' | 'payoff';
  /** The amount confirmed (a payoff's: its quote's total). */
  amount: string;
  /** A saved card's id, or null for a new card on the bank's page. */
  card: number | null;
  saveCard: boolean;
}

/** An attempt's key, and the order the provider answered for it once it has. */
export interface KeptAttempt {
  key: string;
  order: number | null;
}

const PREFIX = 'pay-attempt:';

const storageKey = (attempt: Attempt) =>
  `${PREFIX}${attempt.loanId}:${attempt.purpose}:${attempt.amount}:${attempt.card ?? 'new'}:${attempt.saveCard ? 'save' : 'once'}`;

/** The tab's storage, or null where there is none (private modes that refuse it, a server). */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Attempts kept without storage live as long as the page: a reload then makes a new attempt,
 * which the provider's one-open-order rule still keeps from charging twice.
 */
const inMemory = new Map<string, KeptAttempt>();

const keptShape = (value: unknown): value is KeptAttempt =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as KeptAttempt).key === 'string' &&
  /^[A-Za-z0-9_-]{1,64}$/.test((value as KeptAttempt).key) &&
  ((value as KeptAttempt).order === null || Number.isSafeInteger((value as KeptAttempt).order));

function read(name: string): KeptAttempt | undefined {
  try {
    const raw = storage()?.getItem(name);
    if (raw) {
      const parsed: unknown = JSON.parse(raw);
      if (keptShape(parsed)) return parsed;
    }
  } catch {
    // Unreadable: as if nothing were kept (a new key; the provider still allows one open order).
  }
  return inMemory.get(name);
}

function write(name: string, kept: KeptAttempt): void {
  try {
    const store = storage();
    if (store) {
      store.setItem(name, JSON.stringify(kept));
      inMemory.delete(name);
      return;
    }
  } catch {
    // Storage full or refused: kept for this page's life instead.
  }
  inMemory.set(name, kept);
}

/** A key the contract accepts: 1 to 64 of A-Z a-z 0-9 - _ (a UUID is 36). */
const newKey = () => crypto.randomUUID();

/**
 * The attempt a press of pay sends: the one this tab kept for the same attempt (a repetition),
 * else a new one, kept before it is sent.
 */
export function attemptForPress(attempt: Attempt): KeptAttempt {
  const name = storageKey(attempt);
  const kept = read(name);
  if (kept) return kept;
  const fresh: KeptAttempt = { key: newKey(), order: null };
  write(name, fresh);
  return fresh;
}

/** The provider answered the attempt's key with this order: a later repeat is judged by it. */
export function keepOrder(attempt: Attempt, orderId: number): void {
  const name = storageKey(attempt);
  const kept = read(name);
  if (kept && kept.order !== orderId) write(name, { ...kept, order: orderId });
}

/** Ends one attempt: the next press makes a new key. */
export function endAttempt(attempt: Attempt): void {
  removeWhere((name) => name === storageKey(attempt));
}

function keptNames(): string[] {
  const names = new Set([...inMemory.keys()]);
  const store = storage();
  try {
    for (let index = 0; store && index < store.length; index += 1) {
      const name = store.key(index);
      if (name?.startsWith(PREFIX)) names.add(name);
    }
  } catch {
    // Only the page's own then.
  }
  return [...names];
}

function removeWhere(ends: (name: string, kept: KeptAttempt | undefined) => boolean): void {
  for (const name of keptNames()) {
    if (!ends(name, read(name))) continue;
    inMemory.delete(name);
    try {
      storage()?.removeItem(name);
    } catch {
      // Nothing kept.
    }
  }
}

/** What a press's answer is to the attempt that pressed. */
export type AnswerVerdict =
  /** The order this attempt made: its bank's page, or its outcome. */
  | 'this-attempt'
  /** The order an earlier press of this attempt made, which has moved on: the key is spent. */
  | 'spent'
  /** Not this attempt's order at all (another loan, purpose or amount): never shown as its answer. */
  | 'foreign';

/**
 * Judges the order the provider answered a press with, before the customer is sent anywhere.
 * It must be for the attempt's loan, purpose and amount (a payoff's amount is the provider's
 * quote). An order this key already answered with, in an earlier press, answers this press
 * only while it still waits on the bank's page (`created`): decided, expired, canceled or with
 * the bank, it belongs to that earlier press, and this press is a new attempt.
 */
export function judgeAnswer(
  attempt: Attempt,
  kept: KeptAttempt,
  order: PaymentOrder,
): AnswerVerdict {
  const ordered = toTetri(order.amount);
  const sameAmount =
    attempt.purpose === 'payoff' || (ordered !== null && ordered === toTetri(attempt.amount));
  if (order.loan !== attempt.loanId || order.purpose !== attempt.purpose || !sameAmount) {
    return 'foreign';
  }
  if (kept.order === null) return 'this-attempt';
  if (kept.order !== order.id) return 'foreign';
  return order.status === 'created' ? 'this-attempt' : 'spent';
}

/** Ends this tab's attempts of these loans, whose orders ended. */
function endLocally(loanIds: readonly number[]): void {
  const prefixes = loanIds.map((id) => `${PREFIX}${id}:`);
  removeWhere((name) => prefixes.some((prefix) => name.startsWith(prefix)));
}

/** The tabs of this site tell each other which loans' attempts ended. */
const CHANNEL = 'online-loan:pay-attempts';

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}

/**
 * Ends every attempt of a loan, in this tab and the others: its order reached an outcome (or
 * was canceled), so the next payment is a new attempt with a new key.
 */
export function endAttemptsOf(loanId: number): void {
  endLocally([loanId]);
  const tell = channel();
  if (!tell) return;
  tell.postMessage({ ended: loanId });
  tell.close();
}

/**
 * Ends this tab's attempts whose order the list shows ended (another tab or device saw it end,
 * or none did: an order left at the bank expires unseen).
 */
export function endAttemptsOfEndedOrders(orders: readonly PaymentOrder[]): void {
  const ended = new Set(
    orders.filter((order) => order.status !== 'created').map((order) => order.id),
  );
  removeWhere((_, kept) => kept?.order != null && ended.has(kept.order));
}

let listening: BroadcastChannel | null = null;

/** Hears the other tabs' ended attempts for the page's life (once, whoever asks first). */
export function listenForEndedAttempts(): void {
  if (listening) return;
  listening = channel();
  if (!listening) return;
  listening.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data as { ended?: unknown } | null;
    const loanId = data?.ended;
    if (typeof loanId === 'number' && Number.isSafeInteger(loanId)) endLocally([loanId]);
  };
}
