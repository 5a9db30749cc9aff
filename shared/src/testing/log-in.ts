import { act } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { User } from 'shared/api/user/user-details';
import { useAuthStore } from 'shared/auth/auth-store';
import { customer } from './fixtures';
import { createGate, type Gate } from './gate';
import { ISSUED_TOKENS } from './handlers/user';
import { mswServer } from './msw-server';
import { holdSession } from './session';

/**
 * Starts a session as the product holds one: the server's signed_in cookie and the store.
 * Without the cookie, a request the previous test left on its way can answer 401 in this one,
 * which reads as a logout in another tab and ends this test's session.
 */
export function startSession(): void {
  holdSession();
  // The store ignores the tokens: it only notes that the server began a session.
  act(() => useAuthStore.getState().setSession(ISSUED_TOKENS));
}

/**
 * Starts a session (`startSession`) for the `customer` fixture with `overrides`; the mock
 * provider answers GET /api/user/details/ with that customer, as the app then loads it.
 */
export function logInAs(overrides: Partial<User> = {}): User {
  const data: User = { ...customer, ...overrides };
  mswServer.use(http.get('*/api/user/details/', () => HttpResponse.json(data)));
  startSession();
  return data;
}

/**
 * Holds the customer's details (GET /api/user/details/) until the returned gate opens, then
 * answers with `data`: for what shows while they load. Call it after `logInAs`, whose answer it
 * replaces.
 */
export function holdDetails(data: User = customer): Gate {
  const answer = createGate();
  mswServer.use(
    http.get('*/api/user/details/', async () => {
      await answer.passed();
      return HttpResponse.json(data);
    }),
  );
  return answer;
}
