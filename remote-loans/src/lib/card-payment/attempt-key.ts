/*
 * One Idempotency-Key per attempt to pay (contract v1.3, conventions "Money that moves"): made
 * when the customer reaches the confirmation and kept in the tab's sessionStorage under what
 * the attempt is (the loan, the purpose, the amount and the card chosen), so a reload of the
 * confirmation, a second press and a lost answer's repeat all send the same key. A new attempt
 * (another amount or card, or after an outcome) gets a new one. Browser only: called from
 * effects and handlers.
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

/** A key the contract accepts: 1 to 64 of A-Z a-z 0-9 - _ (a UUID is 36). */
const newKey = () => crypto.randomUUID();

/**
 * Keys made without storage live as long as the page: a reload then makes a new attempt, which
 * the provider's one-open-order rule still keeps from charging twice.
 */
const inMemory = new Map<string, string>();

/** The attempt's key: the one already made for it in this tab, else a new one kept for it. */
export function attemptKey(attempt: Attempt): string {
  const name = storageKey(attempt);
  const store = storage();
  try {
    const kept = store?.getItem(name) ?? inMemory.get(name);
    if (kept) return kept;
    const key = newKey();
    if (store) store.setItem(name, key);
    else inMemory.set(name, key);
    return key;
  } catch {
    // Storage full or refused: a key for this page's life.
    const key = inMemory.get(name) ?? newKey();
    inMemory.set(name, key);
    return key;
  }
}

/** Ends one attempt: the next press makes a new key. */
export function endAttempt(attempt: Attempt): void {
  const name = storageKey(attempt);
  inMemory.delete(name);
  try {
    storage()?.removeItem(name);
  } catch {
    // Nothing kept.
  }
}

/** Ends every attempt of a loan: its order reached an outcome, the next payment is a new one. */
export function endAttemptsOf(loanId: number): void {
  const prefix = `${PREFIX}${loanId}:`;
  for (const name of [...inMemory.keys()]) if (name.startsWith(prefix)) inMemory.delete(name);
  const store = storage();
  if (!store) return;
  try {
    const names: string[] = [];
    for (let index = 0; index < store.length; index += 1) {
      const name = store.key(index);
      if (name?.startsWith(prefix)) names.push(name);
    }
    for (const name of names) store.removeItem(name);
  } catch {
    // Nothing kept.
  }
}
