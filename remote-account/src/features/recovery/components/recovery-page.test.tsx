import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { format, ka } from 'shared/strings/ka';
import { VALID_USER } from 'shared/testing/handlers/user';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaAccount } from '../../../lib/ka-account';
import RecoveryPage from './recovery-page';

type User = ReturnType<typeof userEvent.setup>;

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <RecoveryPage /> }], {
    initialEntries: ['/recovery'],
  });
  render(<RouterProvider router={router} />);
}

/** Records the bodies of the recovery calls; the shared user handlers still answer them. */
function watchRecoveryCalls() {
  const resets: unknown[] = [];
  const recoveries: unknown[] = [];
  mswServer.use(
    http.post('*/api/user/user/reset_password/', async ({ request }) => {
      resets.push(await request.clone().json());
    }),
    http.post('*/api/user/user/recovery/', async ({ request }) => {
      recoveries.push(await request.clone().json());
    }),
  );
  return { resets, recoveries };
}

async function requestCode(user: User, personalNumber: string) {
  await user.type(screen.getByLabelText(kaAccount.personalNumber), personalNumber);
  await user.click(screen.getByRole('button', { name: kaAccount.sendCode }));
}

/** Steps 1 → 2 with the valid personal number; resolves once the code step shows. */
async function reachCodeStep(user: User) {
  await requestCode(user, VALID_USER.username);
  await screen.findByLabelText(kaAccount.code);
}

async function setPassword(user: User, code: string, password: string) {
  if (code) await user.type(screen.getByLabelText(kaAccount.code), code);
  if (password) await user.type(screen.getByLabelText(kaAccount.newPassword), password);
  await user.click(screen.getByRole('button', { name: kaAccount.setPassword }));
}

describe('the password recovery page', () => {
  it('rejects an invalid personal number without asking the provider', async () => {
    const user = userEvent.setup();
    const calls = watchRecoveryCalls();
    renderPage();

    await requestCode(user, '0100101234');

    const field = screen.getByLabelText(kaAccount.personalNumber);
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(kaAccount.personalNumberInvalid),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText(kaAccount.code)).not.toBeInTheDocument();
    expect(calls.resets).toHaveLength(0);
  });

  it('sends a code for a valid personal number and moves to the code step, heading focused', async () => {
    const user = userEvent.setup();
    const calls = watchRecoveryCalls();
    renderPage();

    await requestCode(user, VALID_USER.username);

    expect(await screen.findByRole('status')).toHaveTextContent(kaAccount.codeSent);
    expect(calls.resets).toEqual([{ username: VALID_USER.username }]);
    expect(screen.getByRole('heading', { level: 1, name: ka.account.recoveryTitle })).toHaveFocus();
    expect(screen.getByLabelText(kaAccount.code)).toBeInTheDocument();
    expect(screen.getByLabelText(kaAccount.newPassword)).toBeInTheDocument();
    expect(screen.queryByLabelText(kaAccount.personalNumber)).not.toBeInTheDocument();
  });

  it('rejects a code that is not 6 digits and a weak password without asking the provider', async () => {
    const user = userEvent.setup();
    const calls = watchRecoveryCalls();
    renderPage();
    await reachCodeStep(user);

    await setPassword(user, '12345', 'password');

    expect(screen.getByLabelText(kaAccount.code)).toHaveAccessibleDescription(
      expect.stringContaining(kaAccount.codeInvalid),
    );
    expect(screen.getByLabelText(kaAccount.newPassword)).toHaveAccessibleDescription(
      expect.stringContaining(kaAccount.passwordInvalid),
    );
    expect(calls.recoveries).toHaveLength(0);
    expect(screen.queryByText(kaAccount.recoveryDone)).not.toBeInTheDocument();
  });

  it("shows the provider's code message at the code field", async () => {
    const user = userEvent.setup();
    renderPage();
    await reachCodeStep(user);

    // The shared handler answers any code but 123456 with 400 {code: [...]}.
    await setPassword(user, '654321', 'Axali1234');

    const code = screen.getByLabelText(kaAccount.code);
    expect(
      await screen.findByText('კოდი არასწორია ან ვადაგასულია.', { selector: 'span' }),
    ).toBeVisible();
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('კოდი არასწორია ან ვადაგასულია.'),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(code).toHaveValue('654321');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(kaAccount.recoveryDone)).not.toBeInTheDocument();
  });

  it('shows a message about the personal number, which this step lacks, in the form alert', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('*/api/user/user/recovery/', () =>
        HttpResponse.json(
          {
            username: ['ამ პირადი ნომრით აღდგენა დაბლოკილია.'],
            new_password: ['პაროლი ძალიან მარტივია.'],
          },
          { status: 400 },
        ),
      ),
    );
    renderPage();
    await reachCodeStep(user);

    await setPassword(user, '123456', 'Axali1234');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ამ პირადი ნომრით აღდგენა დაბლოკილია.');
    expect(alert).not.toHaveTextContent('პაროლი ძალიან მარტივია.');
    const password = screen.getByLabelText(kaAccount.newPassword);
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('პაროლი ძალიან მარტივია.'),
    );
    // A field has an error: the cursor goes there; the alert speaks for itself (role=alert).
    expect(password).toHaveFocus();
  });

  it('focuses the form alert when every message is for the form as a whole', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('*/api/user/user/recovery/', () =>
        HttpResponse.json(
          { non_field_errors: ['აღდგენის ვადა ამოიწურა. დაიწყეთ თავიდან.'] },
          { status: 400 },
        ),
      ),
    );
    renderPage();
    await reachCodeStep(user);

    await setPassword(user, '123456', 'Axali1234');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('აღდგენის ვადა ამოიწურა. დაიწყეთ თავიდან.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(screen.getByLabelText(kaAccount.code)).toHaveValue('123456');
  });

  it('tells a throttled customer how long to wait before asking for another code', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('*/api/user/user/reset_password/', () =>
        HttpResponse.json(
          { detail: 'Request was throttled. Expected available in 30 seconds.', code: 'throttled' },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    renderPage();

    await requestCode(user, VALID_USER.username);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      format(ka.errors.throttledWait, { seconds: 30 }),
    );
    expect(screen.getByLabelText(kaAccount.personalNumber)).toHaveValue(VALID_USER.username);
    expect(screen.queryByLabelText(kaAccount.code)).not.toBeInTheDocument();
  });

  it('sets the new password with the right code and offers the login', async () => {
    const user = userEvent.setup();
    const calls = watchRecoveryCalls();
    renderPage();
    await reachCodeStep(user);

    await setPassword(user, '123456', 'Axali1234');

    expect(await screen.findByText(kaAccount.recoveryDone)).toBeInTheDocument();
    expect(calls.recoveries).toEqual([
      { username: VALID_USER.username, code: '123456', new_password: 'Axali1234' },
    ]);
    expect(screen.getByRole('link', { name: ka.account.login })).toHaveAttribute(
      'href',
      '/?login=1',
    );
    expect(screen.getByRole('heading', { level: 1, name: ka.account.recoveryTitle })).toHaveFocus();
    expect(screen.queryByLabelText(kaAccount.code)).not.toBeInTheDocument();
  });

  it('"start over" goes back to the personal number step', async () => {
    const user = userEvent.setup();
    renderPage();
    await reachCodeStep(user);

    await user.click(screen.getByRole('button', { name: kaAccount.startOver }));

    expect(screen.getByLabelText(kaAccount.personalNumber)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: kaAccount.sendCode })).toBeInTheDocument();
    expect(screen.queryByLabelText(kaAccount.code)).not.toBeInTheDocument();
    expect(screen.queryByText(kaAccount.codeSent)).not.toBeInTheDocument();
  });
});
