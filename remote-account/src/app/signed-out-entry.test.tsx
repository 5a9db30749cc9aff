import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useAuthStore } from 'shared/auth/auth-store';
import { SIGNED_IN_COOKIE } from 'shared/session/server-session';
import { useUiStore } from 'shared/stores/ui-store';
import { format, ka } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { registrationTerms } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { VALID_USER } from 'shared/testing/handlers/user';
import { mswServer } from 'shared/testing/msw-server';
import { holdSession, SESSION_STATE } from 'shared/testing/session';
import { kaRegistration } from '../features/registration/ka-registration';
import { kaAccount } from '../lib/ka-account';
import {
  fillLogin,
  openLogin,
  readCookie,
  renderEntry,
  watchLogins,
} from '../testing/entry-harness';

describe('a visitor’s entry: the login and registration forms', () => {
  it('opens the login dialog from the login button with the cursor in the first field', async () => {
    const user = userEvent.setup();
    renderEntry();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const { trigger, dialog } = await openLogin(user);

    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByLabelText(kaAccount.personalNumber)).toHaveFocus();
  });

  it('closes the dialog on Escape and gives focus back to the login button', async () => {
    const user = userEvent.setup();
    renderEntry();
    const { trigger } = await openLogin(user);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the dialog when another part of the page asks for the login', async () => {
    renderEntry();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => useUiStore.getState().requestLogin());

    const dialog = screen.getByRole('dialog', { name: kaAccount.loginTitle });
    expect(await within(dialog).findByLabelText(kaAccount.personalNumber)).toHaveFocus();
  });

  it('rejects a 10-digit personal number without asking the provider', async () => {
    const user = userEvent.setup();
    const logins = watchLogins();
    renderEntry();
    const { dialog } = await openLogin(user);

    await fillLogin(user, dialog, { username: '0100101234', password: VALID_USER.password });

    const personalNumber = within(dialog).getByLabelText(kaAccount.personalNumber);
    expect(personalNumber).toHaveAccessibleDescription(
      expect.stringContaining(kaAccount.personalNumberInvalid),
    );
    expect(personalNumber).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(kaAccount.personalNumberInvalid)).toBeVisible();
    expect(logins).toHaveLength(0);
    expect(useAuthStore.getState().status).toBe('logged-out');
  });

  it('asks for the password when it is left empty, without asking the provider', async () => {
    const user = userEvent.setup();
    const logins = watchLogins();
    renderEntry();
    const { dialog } = await openLogin(user);

    await fillLogin(user, dialog, { username: VALID_USER.username, password: '' });

    expect(within(dialog).getByLabelText(kaAccount.password)).toHaveAccessibleDescription(
      kaAccount.requiredField,
    );
    expect(within(dialog).getByLabelText(kaAccount.personalNumber)).not.toHaveAccessibleDescription(
      expect.stringContaining(kaAccount.personalNumberInvalid),
    );
    expect(logins).toHaveLength(0);
  });

  it('says the credentials are wrong and keeps what was typed', async () => {
    const user = userEvent.setup();
    const logins = watchLogins();
    renderEntry();
    const { dialog } = await openLogin(user);

    await fillLogin(user, dialog, { username: VALID_USER.username, password: 'Wrong1234' });

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(kaAccount.wrongCredentials);
    expect(logins).toEqual([{ username: VALID_USER.username, password: 'Wrong1234' }]);
    expect(within(dialog).getByLabelText(kaAccount.personalNumber)).toHaveValue(
      VALID_USER.username,
    );
    expect(within(dialog).getByLabelText(kaAccount.password)).toHaveValue('Wrong1234');
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(readCookie(SIGNED_IN_COOKIE)).toBeUndefined();
  });

  it('shows that it is logging in while a slow login is under way', async () => {
    const user = userEvent.setup();
    const answer = createGate();
    mswServer.use(
      http.post('*/api/user/api/token/', async () => {
        await answer.passed();
        holdSession();
        return HttpResponse.json(SESSION_STATE);
      }),
    );
    renderEntry();
    const { dialog } = await openLogin(user);

    await fillLogin(user, dialog, VALID_USER);

    expect(await within(dialog).findByRole('button', { name: kaAccount.loggingIn })).toBeDisabled();
    answer.open();
    expect(
      await screen.findByRole('button', { name: kaAccountButtons.logout }),
    ).toBeInTheDocument();
  });

  it('tells a throttled customer how many seconds to wait', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('*/api/user/api/token/', () =>
        HttpResponse.json(
          { detail: 'მოთხოვნა შეიზღუდა.', code: 'throttled' },
          { status: 429, headers: { 'Retry-After': '37' } },
        ),
      ),
    );
    renderEntry();
    const { dialog } = await openLogin(user);

    await fillLogin(user, dialog, VALID_USER);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(format(ka.errors.throttledWait, { seconds: 37 }));
    expect(alert).not.toHaveTextContent(kaAccount.wrongCredentials);
  });

  it('offers login and registration to a visitor', () => {
    renderEntry();
    expect(screen.getByRole('button', { name: ka.account.login })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('button', { name: ka.account.register })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('button', { name: kaAccountButtons.logout })).not.toBeInTheDocument();
  });

  it('opens the registration form from its button and closes it with the same button', async () => {
    const user = userEvent.setup();
    renderEntry();
    const trigger = screen.getByRole('button', { name: ka.account.register });

    await user.click(trigger);

    const dialog = screen.getByRole('dialog', { name: kaRegistration.title });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(await within(dialog).findByLabelText(kaAccount.personalNumber)).toHaveFocus();
    expect(
      await within(dialog).findByRole('region', { name: registrationTerms.title }),
    ).toBeInTheDocument();

    await user.click(trigger);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the registration form with its close button and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderEntry();
    const trigger = screen.getByRole('button', { name: ka.account.register });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: kaRegistration.title });
    await within(dialog).findByRole('region', { name: registrationTerms.title });

    await user.click(within(dialog).getByRole('button', { name: kaAccount.close }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('shows one form at a time: asking for the other replaces it', async () => {
    const user = userEvent.setup();
    renderEntry();
    await openLogin(user);

    await user.click(screen.getByRole('button', { name: ka.account.register }));

    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: kaRegistration.title })).toBeInTheDocument();
    await screen.findByRole('region', { name: registrationTerms.title });
  });

  it('says above the login that a payment’s outcome waits, for a customer back from the bank', () => {
    useUiStore.getState().requestLogin();
    renderEntry(undefined, `/?next=${encodeURIComponent('/payment?order=101')}`);
    const dialog = screen.getByRole('dialog', { name: kaAccount.loginTitle });
    expect(within(dialog).getByRole('status')).toHaveTextContent(kaAccount.paymentWaiting);
  });

  it.each(['/complaints', '/payment?order=abc', '/payment', '//evil.example/payment?order=1'])(
    'says nothing of a payment on the way back to %s',
    (next) => {
      useUiStore.getState().requestLogin();
      renderEntry(undefined, `/?next=${encodeURIComponent(next)}`);
      const dialog = screen.getByRole('dialog', { name: kaAccount.loginTitle });
      expect(within(dialog).queryByText(kaAccount.paymentWaiting)).toBeNull();
    },
  );

  it('keeps a login asked for before it loaded, and closes it when the page changes', async () => {
    useUiStore.getState().requestLogin();
    const router = renderEntry();
    expect(screen.getByRole('dialog', { name: kaAccount.loginTitle })).toBeInTheDocument();

    await act(() => router.navigate('/recovery'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useUiStore.getState().accountPanel).toBeNull();
  });

  it('after registering, the visitor stays logged out and logs in with the number filled in', async () => {
    const user = userEvent.setup();
    const logins = watchLogins();
    renderEntry();
    await user.click(screen.getByRole('button', { name: ka.account.register }));
    const registration = screen.getByRole('dialog', { name: kaRegistration.title });
    await within(registration).findByRole('region', { name: registrationTerms.title });
    const type = (label: string, value: string) =>
      user.type(within(registration).getByLabelText(label), value);
    await type(kaAccount.personalNumber, '01001054321');
    await type(kaRegistration.firstName, 'გიორგი');
    await type(kaRegistration.lastName, 'კაპანაძე');
    await type(kaRegistration.birthDate, '1995-03-21');
    await type(kaRegistration.phone, '599123456');
    await type(kaRegistration.email, 'giorgi@example.ge');
    await type(kaAccount.password, 'Parol1234');
    await type(kaRegistration.passwordConfirm, 'Parol1234');
    await user.click(
      within(registration).getByRole('checkbox', { name: kaRegistration.termsAccept }),
    );
    await user.click(
      await within(registration).findByRole('checkbox', {
        name: kaRegistration.personalDataAccept,
      }),
    );
    await user.click(within(registration).getByRole('button', { name: kaRegistration.submit }));

    expect(await within(registration).findByRole('status')).toHaveTextContent(kaRegistration.done);
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(readCookie(SIGNED_IN_COOKIE)).toBeUndefined();
    expect(logins).toHaveLength(0);

    await user.click(within(registration).getByRole('button', { name: kaRegistration.loginNow }));

    const login = screen.getByRole('dialog', { name: kaAccount.loginTitle });
    expect(within(login).getByLabelText(kaAccount.personalNumber)).toHaveValue('01001054321');
    expect(within(login).getByLabelText(kaAccount.password)).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: kaRegistration.title })).not.toBeInTheDocument();
  });
});
