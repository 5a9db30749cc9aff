import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { useAuthStore } from 'shared/auth/auth-store';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { SIGNED_IN_COOKIE } from 'shared/session/server-session';
import { ACTIVITY_KEY } from 'shared/session/session-activity';
import { ka } from 'shared/strings/ka';
import { customer, loanLimit, loans } from 'shared/testing/fixtures';
import { VALID_USER } from 'shared/testing/handlers/user';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { holdSession, SESSION_STATE } from 'shared/testing/session';
import { kaAccount } from '../../../lib/ka-account';
import { LoginForm } from './login-form';

type User = ReturnType<typeof userEvent.setup>;

function renderForm(initialUsername?: string) {
  render(
    <MemoryRouter>
      <LoginForm initialUsername={initialUsername} />
    </MemoryRouter>,
  );
}

const personalNumber = () => screen.getByLabelText(kaAccount.personalNumber);
const password = () => screen.getByLabelText(kaAccount.password);

async function logIn(user: User, values: { username: string; password: string }) {
  if (values.username) await user.type(personalNumber(), values.username);
  if (values.password) await user.type(password(), values.password);
  await user.click(screen.getByRole('button', { name: kaAccount.submitLogin }));
}

/** Counts the calls the store makes after a login. */
function watchAccountCalls() {
  const calls = { details: 0, deviceLogs: [] as unknown[] };
  mswServer.use(
    http.get('*/api/user/details/', () => {
      calls.details += 1;
    }),
    http.post('*/api/user/user_log/', async ({ request }) => {
      calls.deviceLogs.push(await request.clone().json());
    }),
  );
  return calls;
}

describe('the login form', () => {
  it('logs in through the auth store, which loads the customer’s data', async () => {
    const user = userEvent.setup();
    const calls = watchAccountCalls();
    renderForm();
    const before = Date.now();

    await logIn(user, VALID_USER);

    await waitFor(() => expect(queryClient.getQueryData(accountKeys.user)).toEqual(customer));
    const state = useAuthStore.getState();
    expect(state.status).toBe('logged-in');
    // The login answered the session's clocks, a fresh session's: its last use is now.
    expect(Number(localStorage.getItem(ACTIVITY_KEY))).toBeGreaterThanOrEqual(before);
    // The server keeps the tokens: the page can read only that a session exists.
    expect(document.cookie).toBe(`${SIGNED_IN_COOKIE}=1`);
    await waitFor(() => expect(queryClient.getQueryData(accountKeys.loans)).toEqual(loans));
    await waitFor(() => expect(queryClient.getQueryData(accountKeys.loanLimit)).toEqual(loanLimit));
    expect(calls.details).toBe(1);
    await waitFor(() => expect(calls.deviceLogs).toHaveLength(1));
  });

  it('says the credentials are wrong, stays logged out and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderForm();

    await logIn(user, { username: VALID_USER.username, password: 'Wrong1234' });

    expect(await screen.findByRole('alert')).toHaveTextContent(kaAccount.wrongCredentials);
    expect(personalNumber()).toHaveValue(VALID_USER.username);
    expect(password()).toHaveValue('Wrong1234');
    expect(useAuthStore.getState().status).toBe('logged-out');
  });

  it('checks the personal number and the password before asking the provider', async () => {
    const user = userEvent.setup();
    const logins: unknown[] = [];
    mswServer.use(
      http.post('*/api/user/api/token/', () => {
        logins.push(true);
      }),
    );
    renderForm();

    await logIn(user, { username: '0100101234', password: '' });

    expect(personalNumber()).toHaveAccessibleDescription(
      expect.stringContaining(kaAccount.personalNumberInvalid),
    );
    expect(password()).toHaveAccessibleDescription(kaAccount.requiredField);
    expect(personalNumber()).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logins).toHaveLength(0);
  });

  it('puts the cursor in the first field in error: the password when only it is missing', async () => {
    const user = userEvent.setup();
    renderForm();

    await logIn(user, { username: VALID_USER.username, password: '' });

    expect(password()).toHaveAccessibleDescription(kaAccount.requiredField);
    expect(password()).toHaveFocus();
    expect(personalNumber()).not.toHaveAttribute('aria-invalid');
  });

  it('shows a provider refusal in English (a CSRF failure) in Georgian, and focuses it', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('*/api/user/api/token/', () =>
        HttpResponse.json(
          { detail: 'CSRF Failed: CSRF token missing or incorrect.', code: 'csrf_failed' },
          { status: 403 },
        ),
      ),
    );
    renderForm();

    await logIn(user, VALID_USER);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ka.errors.byCode.csrf_failed);
    expect(alert).not.toHaveTextContent(/CSRF Failed/);
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(personalNumber()).toHaveValue(VALID_USER.username);
  });

  it('shows the provider’s message to a banned customer', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('*/api/user/api/token/', () =>
        HttpResponse.json(
          { detail: 'თქვენი ანგარიში დაბლოკილია.', code: 'banned_user' },
          { status: 403 },
        ),
      ),
    );
    renderForm();

    await logIn(user, VALID_USER);

    expect(await screen.findByRole('alert')).toHaveTextContent('თქვენი ანგარიში დაბლოკილია.');
    expect(useAuthStore.getState().status).toBe('logged-out');
  });

  it('comes with the personal number filled in when one is given', () => {
    renderForm('01001054321');
    expect(personalNumber()).toHaveValue('01001054321');
    expect(password()).toHaveValue('');
  });

  it('says it is logging in only once the login has taken longer than 200 ms', async () => {
    const user = userEvent.setup();
    let answer: (() => void) | undefined;
    mswServer.use(
      http.post(
        '*/api/user/api/token/',
        () =>
          new Promise<Response>((resolve) => {
            answer = () => {
              holdSession();
              resolve(HttpResponse.json(SESSION_STATE));
            };
          }),
      ),
    );
    renderForm();
    await user.type(personalNumber(), VALID_USER.username);
    await user.type(password(), VALID_USER.password);
    const button = screen.getByRole('button', { name: kaAccount.submitLogin });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(button);
      await act(() => vi.advanceTimersByTimeAsync(199));
      expect(button).toBeDisabled();
      expect(button).toHaveTextContent(kaAccount.submitLogin);

      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(button).toHaveTextContent(kaAccount.loggingIn);
    } finally {
      vi.useRealTimers();
    }

    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    await waitFor(() => expect(useAuthStore.getState().status).toBe('logged-in'));
    await waitFor(() => expect(button).toHaveTextContent(kaAccount.submitLogin));
  });
});
