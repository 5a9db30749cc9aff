import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useAuthStore } from 'shared/auth/auth-store';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { useUiStore } from 'shared/stores/ui-store';
import { format, ka } from 'shared/strings/ka';
import { customer, registrationTerms } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { ISSUED_TOKENS, VALID_USER } from 'shared/testing/handlers/user';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaAccount } from '../../../lib/ka-account';
import { logInAs } from '../../../testing/log-in';
import { kaProfile } from '../../profile/ka-profile';
import { kaRegistration } from '../../registration/ka-registration';
import VerificationSection from '../../verification/components/verification-section';
import { kaVerification } from '../../verification/ka-verification';
import AccountEntry from './account-entry';

const fullyVerified = {
  ...customer,
  email_verified: true,
  phone_verified: true,
  photos_status: 'approved' as const,
  full_verification: true,
};

/** A cookie as the page stores it (js-cookie writes URI-encoded values); undefined if unset. */
function readCookie(name: string): string | undefined {
  const pair = document.cookie
    .split('; ')
    .map((part) => part.split('='))
    .find(([key]) => key === name);
  const value = pair ? decodeURIComponent(pair.slice(1).join('=')) : '';
  return value === '' ? undefined : value;
}

function renderEntry() {
  const router = createMemoryRouter([{ path: '*', element: <AccountEntry /> }]);
  render(<RouterProvider router={router} />);
  return router;
}

/** Records every login request's body; the shared user handlers still answer it. */
function watchLogins(): unknown[] {
  const bodies: unknown[] = [];
  mswServer.use(
    http.post('*/api/user/api/token/', async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

/** Opens the login dialog with the header's login button; returns that button and the dialog. */
async function openLogin(user: ReturnType<typeof userEvent.setup>) {
  const trigger = screen.getByRole('button', { name: ka.account.login });
  await user.click(trigger);
  const dialog = screen.getByRole('dialog', { name: kaAccount.loginTitle });
  // The form loads when the panel opens (it is not part of a visitor's first load).
  await within(dialog).findByLabelText(kaAccount.personalNumber);
  return { trigger, dialog };
}

async function fillLogin(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  values: { username: string; password: string },
) {
  if (values.username) {
    await user.type(within(dialog).getByLabelText(kaAccount.personalNumber), values.username);
  }
  if (values.password) {
    await user.type(within(dialog).getByLabelText(kaAccount.password), values.password);
  }
  await user.click(within(dialog).getByRole('button', { name: kaAccount.submitLogin }));
}

describe('the account entry', () => {
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
    expect(readCookie('user')).toBeUndefined();
  });

  it('logs in: stores the session cookie, closes the dialog and offers logout', async () => {
    const user = userEvent.setup();
    renderEntry();
    const { dialog } = await openLogin(user);

    await fillLogin(user, dialog, VALID_USER);

    expect(await screen.findByRole('button', { name: kaAccount.logout })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ka.account.login })).not.toBeInTheDocument();
    expect(JSON.parse(readCookie('user') ?? 'null')).toEqual({
      access: ISSUED_TOKENS.access,
      refresh: ISSUED_TOKENS.refresh,
    });
    expect(useUiStore.getState().accountPanel).toBeNull();
  });

  it('shows that it is logging in while a slow login is under way', async () => {
    const user = userEvent.setup();
    const answer = createGate();
    mswServer.use(
      http.post('*/api/user/api/token/', async () => {
        await answer.passed();
        return HttpResponse.json(ISSUED_TOKENS);
      }),
    );
    renderEntry();
    const { dialog } = await openLogin(user);

    await fillLogin(user, dialog, VALID_USER);

    expect(await within(dialog).findByRole('button', { name: kaAccount.loggingIn })).toBeDisabled();
    answer.open();
    expect(await screen.findByRole('button', { name: kaAccount.logout })).toBeInTheDocument();
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

  it('logs out: sends the refresh token to the provider and shows the login button again', async () => {
    const user = userEvent.setup();
    const logouts: unknown[] = [];
    mswServer.use(
      http.post('*/api/user/logout/', async ({ request }) => {
        logouts.push(await request.json());
        return new HttpResponse(null, { status: 205 });
      }),
    );
    useAuthStore.getState().setSession({ access: 'a', refresh: 'r' });
    renderEntry();

    await user.click(screen.getByRole('button', { name: kaAccount.logout }));

    expect(screen.getByRole('button', { name: ka.account.login })).toHaveFocus();
    expect(screen.queryByRole('button', { name: kaAccount.logout })).not.toBeInTheDocument();
    expect(readCookie('user')).toBeUndefined();
    await waitFor(() => expect(logouts).toEqual([{ refresh: 'r' }]));
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
    useAuthStore.getState().setSession({ access: 'a', refresh: 'r' });
    renderEntry();

    await user.click(screen.getByRole('button', { name: kaAccount.logout }));

    expect(screen.getByRole('button', { name: ka.account.login })).toBeInTheDocument();
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(readCookie('user')).toBeUndefined();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(called).toBe(true);
    warn.mockRestore();
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
    expect(screen.queryByRole('button', { name: kaAccount.logout })).not.toBeInTheDocument();
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
    await user.click(within(registration).getByRole('checkbox'));
    await user.click(within(registration).getByRole('button', { name: kaRegistration.submit }));

    expect(await within(registration).findByRole('status')).toHaveTextContent(kaRegistration.done);
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(readCookie('user')).toBeUndefined();
    expect(logins).toHaveLength(0);

    await user.click(within(registration).getByRole('button', { name: kaRegistration.loginNow }));

    const login = screen.getByRole('dialog', { name: kaAccount.loginTitle });
    expect(within(login).getByLabelText(kaAccount.personalNumber)).toHaveValue('01001054321');
    expect(within(login).getByLabelText(kaAccount.password)).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: kaRegistration.title })).not.toBeInTheDocument();
  });

  it('greets a logged-in customer by first name once their data has loaded', async () => {
    const details = createGate();
    mswServer.use(
      http.get('*/api/user/details/', async () => {
        await details.passed();
        return HttpResponse.json(customer);
      }),
    );
    useAuthStore.getState().setSession({ access: 'a', refresh: 'r' });
    renderEntry();

    expect(screen.getByRole('button', { name: kaProfile.accountButton })).toBeInTheDocument();
    details.open();
    expect(await screen.findByText(customer.first_name)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: kaAccount.logout })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ka.account.register })).not.toBeInTheDocument();
  });

  it('after logging in, greets the customer and moves focus to the greeting', async () => {
    const user = userEvent.setup();
    renderEntry();
    const { dialog } = await openLogin(user);

    await fillLogin(user, dialog, VALID_USER);

    const greeting = await screen.findByRole('button', {
      name: new RegExp(`^${kaProfile.accountButton}:\\s*${customer.first_name}$`),
    });
    expect(greeting).toHaveFocus();
    expect(queryClient.getQueryData(accountKeys.user)).toEqual(customer);
  });
  it('ignores a login asked for while logged in, so no form pops up after logout', async () => {
    const user = userEvent.setup();
    useAuthStore.getState().setSession({ access: 'a', refresh: 'r' });
    renderEntry();

    act(() => useUiStore.getState().requestLogin());
    await user.click(screen.getByRole('button', { name: kaAccount.logout }));

    expect(screen.getByRole('button', { name: ka.account.login })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the customer’s account panel from their name, with the focus on its title', async () => {
    const user = userEvent.setup();
    const customer = logInAs({ first_name: 'ნინო' });
    renderEntry();
    const trigger = await screen.findByRole('button', {
      name: new RegExp(`${kaProfile.accountButton}:\\s*ნინო`),
    });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);

    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    expect(
      within(panel).getByRole('heading', { level: 2, name: kaProfile.panelTitle }),
    ).toHaveFocus();
    // The profile (view, with its edit button) and the password change.
    const profile = await within(panel).findByRole('region', { name: kaProfile.title });
    expect(within(profile).getByText(customer.email)).toBeInTheDocument();
    expect(within(profile).getByRole('button', { name: kaProfile.edit })).toBeInTheDocument();
    const password = within(panel).getByRole('form', { name: kaProfile.passwordTitle });
    expect(within(password).getByLabelText(kaProfile.currentPassword)).toBeInTheDocument();
  });

  it('edits the profile in the panel and shows the new name on its button', async () => {
    const user = userEvent.setup();
    logInAs();
    renderEntry();
    await user.click(await screen.findByRole('button', { name: new RegExp(customer.first_name) }));
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });

    await user.click(await within(panel).findByRole('button', { name: kaProfile.edit }));
    const firstName = within(panel).getByLabelText(kaProfile.firstName);
    await user.clear(firstName);
    await user.type(firstName, 'ნატო');
    await user.click(within(panel).getByRole('button', { name: kaProfile.save }));

    expect(await within(panel).findByRole('status')).toHaveTextContent(kaProfile.saved);
    expect(
      screen.getByRole('button', { name: new RegExp(`${kaProfile.accountButton}:\\s*ნატო`) }),
    ).toBeInTheDocument();
  });

  it('closes the account panel with Escape, its close button or its own button, focus back on the name', async () => {
    const user = userEvent.setup();
    logInAs();
    renderEntry();
    const trigger = await screen.findByRole('button', { name: new RegExp(customer.first_name) });

    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });
    await user.click(within(panel).getByRole('button', { name: kaAccount.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(trigger);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(useUiStore.getState().accountPanel).toBeNull();
  });

  it('traps nothing: Tab leads from the panel on to the rest of the page', async () => {
    const user = userEvent.setup();
    logInAs();
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <>
            <AccountEntry />
            <button type="button">შემდეგი</button>
          </>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    await user.click(await screen.findByRole('button', { name: new RegExp(customer.first_name) }));
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });
    await within(panel).findByRole('form', { name: kaProfile.passwordTitle });
    expect(panel).not.toHaveAttribute('aria-modal');

    const next = screen.getByRole('button', { name: 'შემდეგი' });
    for (let step = 0; step < 20 && !next.matches(':focus'); step += 1) {
      expect(panel).toContainElement(document.activeElement as HTMLElement);
      await user.tab();
    }

    expect(next).toHaveFocus();
    // Leaving it does not close it: the customer may come back with Shift+Tab.
    expect(panel).toBeInTheDocument();
  });

  it('shows a short verification status in the panel, with a link to the steps', async () => {
    const user = userEvent.setup();
    logInAs({ email_verified: true, photos_status: 'pending' });
    renderEntry();
    await user.click(await screen.findByRole('button', { name: new RegExp(customer.first_name) }));
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });

    const summary = await within(panel).findByRole('region', {
      name: kaVerification.summary.title,
    });
    expect(summary).toHaveTextContent(format(kaVerification.progress, { done: 1, total: 3 }));
    expect(summary).toHaveTextContent(
      format(kaVerification.summary.left, {
        steps: `${kaVerification.phone.title}, ${format(kaVerification.summary.stepUnderReview, {
          step: kaVerification.photos.title,
        })}`,
      }),
    );
    expect(
      within(summary).getByRole('link', { name: kaVerification.summary.showSteps }),
    ).toHaveAttribute('href', '/#verification');
    // The steps themselves stay on the home page.
    expect(within(panel).queryByRole('button', { name: kaVerification.phone.send })).toBeNull();
  });

  it('tells a fully verified customer so in the panel, with no link to steps', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    renderEntry();
    await user.click(await screen.findByRole('button', { name: new RegExp(customer.first_name) }));
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });

    const summary = await within(panel).findByRole('region', {
      name: kaVerification.summary.title,
    });
    expect(summary).toHaveTextContent(kaVerification.fullyVerified);
    expect(within(summary).queryByRole('link')).not.toBeInTheDocument();
  });

  it('from the panel’s link, closes the panel and takes the customer to the steps on the page', async () => {
    const user = userEvent.setup();
    logInAs();
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <>
            <AccountEntry />
            <VerificationSection />
          </>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByRole('list', { name: kaVerification.stepsLabel });
    await user.click(screen.getByRole('button', { name: new RegExp(customer.first_name) }));
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });

    await user.click(
      await within(panel).findByRole('link', { name: kaVerification.summary.showSteps }),
    );

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: kaVerification.title })).toHaveFocus();
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
