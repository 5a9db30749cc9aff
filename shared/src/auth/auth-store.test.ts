import { act } from '@testing-library/react';
import Cookies from 'js-cookie';
import { useAuthStore } from './auth-store';
import { readSession, SESSION_COOKIE, saveSession } from './session-cookie';

const session = { access: 'access-1', refresh: 'refresh-1' };

describe('the auth store', () => {
  it('starts logged out when the page loads without a session cookie', () => {
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', session: null });
  });

  it('starts logged in when the page loads with a session cookie', async () => {
    saveSession(session);
    vi.resetModules();
    const { useAuthStore: freshStore } = await import('./auth-store');
    expect(freshStore.getState()).toMatchObject({ status: 'logged-in', session });
  });

  it('setSession stores the session in the cookie and logs in', () => {
    act(() => useAuthStore.getState().setSession(session));
    expect(readSession()).toEqual(session);
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-in', session });
  });

  it('clear removes the cookie and logs out', () => {
    act(() => useAuthStore.getState().setSession(session));
    act(() => useAuthStore.getState().clear());
    expect(Cookies.get(SESSION_COOKIE)).toBeUndefined();
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', session: null });
  });
});
