import { act } from '@testing-library/react';
import { useAuthStore } from 'shared/auth/auth-store';
import { formatMoney } from 'shared/lib/money';

/** Money as the customer reads it; queries normalise the formatter's no-break space. */
export const money = (amount: string) => formatMoney(amount).replace(/\s+/g, ' ');

/** Starts a session as the login would; in act, since rendered components follow the store. */
export function logIn() {
  act(() => useAuthStore.getState().setSession({ access: 'a', refresh: 'r' }));
}
