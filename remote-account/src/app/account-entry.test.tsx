import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useAuthStore } from 'shared/auth/auth-store';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { SIGNED_IN_COOKIE } from 'shared/session/server-session';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { customer } from 'shared/testing/fixtures';
import { VALID_USER } from 'shared/testing/handlers/user';
import { logInAs, startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { kaProfile } from '../features/profile/ka-profile';
import { fillLogin, openLogin, readCookie, renderEntry } from '../testing/entry-harness';

describe('the account entry, between a visitor and a customer', () => {
  it('logs in: keeps the server’s signed_in cookie and no token, closes the dialog and offers logout', async () => {
    const user = userEvent.setup();
    renderEntry();
    const { dialog } = await openLogin(user);

    await fillLogin(user, dialog, VALID_USER);

    expect(
      await screen.findByRole('button', { name: kaAccountButtons.logout }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ka.account.login })).not.toBeInTheDocument();
    expect(useAuthStore.getState().status).toBe('logged-in');
    expect(readCookie(SIGNED_IN_COOKIE)).toBe('1');
    // The tokens stay in the server's HttpOnly cookie: the page writes none of its own.
    expect(readCookie('user')).toBeUndefined();
    expect(useUiStore.getState().accountPanel).toBeNull();
  });

  it('logs out: asks the server to end the session, with no token, and shows the login button again', async () => {
    const user = userEvent.setup();
    const logouts: string[] = [];
    mswServer.use(
      // The server would clear the cookies with its answer; this one leaves that to the page.
      http.post('*/api/user/logout/', async ({ request }) => {
        logouts.push(await request.text());
        return new HttpResponse(null, { status: 205 });
      }),
    );
    logInAs();
    renderEntry();

    await user.click(screen.getByRole('button', { name: kaAccountButtons.logout }));

    expect(screen.getByRole('button', { name: ka.account.login })).toHaveFocus();
    expect(screen.queryByRole('button', { name: kaAccountButtons.logout })).not.toBeInTheDocument();
    expect(readCookie(SIGNED_IN_COOKIE)).toBeUndefined();
    await waitFor(() => expect(logouts).toEqual(['']));
  });

  it('logs out even when the provider fails to answer the logout', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let called = false;
    mswServer.use(
      http.post('*/api/user/logout/', () => {
        called = true;
        return new HttpResponse(null, { status: 500 });
      }),
    );
    logInAs();
    renderEntry();

    await user.click(screen.getByRole('button', { name: kaAccountButtons.logout }));

    expect(screen.getByRole('button', { name: ka.account.login })).toBeInTheDocument();
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(readCookie(SIGNED_IN_COOKIE)).toBeUndefined();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(called).toBe(true);
    warn.mockRestore();
  });

  it('after logging in, greets the customer and moves focus to the greeting', async () => {
    const user = userEvent.setup();
    renderEntry();
    const { dialog } = await openLogin(user);

    await fillLogin(user, dialog, VALID_USER);

    const greeting = await screen.findByRole('button', {
      name: new RegExp(`^${kaAccountButtons.myAccount}:\\s*${customer.first_name}$`),
    });
    expect(greeting).toHaveFocus();
    expect(queryClient.getQueryData(accountKeys.user)).toEqual(customer);
  });

  it('ignores a login asked for while logged in, so no form pops up after logout', async () => {
    const user = userEvent.setup();
    startSession();
    renderEntry();

    act(() => useUiStore.getState().requestLogin());
    await user.click(screen.getByRole('button', { name: kaAccountButtons.logout }));

    expect(screen.getByRole('button', { name: ka.account.login })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the account panel when the session ends', async () => {
    logInAs();
    renderEntry();
    act(() => useUiStore.getState().requestAccount());
    expect(await screen.findByRole('dialog', { name: kaProfile.panelTitle })).toBeInTheDocument();

    await act(() => useAuthStore.getState().logout());

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useUiStore.getState().accountPanel).toBeNull();
  });
});
