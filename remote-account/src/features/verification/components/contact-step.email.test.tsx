import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { User } from 'shared/api/user/user-details';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { format, ka } from 'shared/strings/ka';
import { customer } from 'shared/testing/fixtures';
import { GOOD_CODE } from 'shared/testing/handlers/user';
import { logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { kaAccount } from '../../../lib/ka-account';
import { kaVerification } from '../ka-verification';
import { showPanel } from '../test-utils';

const t = kaVerification;

/** Counts e-mail sends and records verify bodies; the shared handlers still answer them. */
function watchEmailCalls() {
  const calls = { sends: 0, verifies: [] as unknown[] };
  mswServer.use(
    http.post('*/api/user/user/send_email_verification/', () => {
      calls.sends += 1;
    }),
    http.post('*/api/user/user/verify_email/', async ({ request }) => {
      calls.verifies.push(await request.clone().json());
    }),
  );
  return calls;
}

function emailStep() {
  return screen.getByRole('listitem', { name: t.email.title });
}

/** The customer's panel at its steps. */
async function showCustomerPanel() {
  logInAs();
  await showPanel();
}

async function clickSend(user: UserEvent) {
  await user.click(within(emailStep()).getByRole('button', { name: t.email.send }));
}

/** Sends a code and returns the field it is to be typed in, once that shows. */
async function requestCode(user: UserEvent) {
  await clickSend(user);
  return within(emailStep()).findByLabelText(t.email.code);
}

async function clickConfirm(user: UserEvent) {
  await user.click(within(emailStep()).getByRole('button', { name: t.email.confirm }));
}

/** The provider answers every send with `answer`. */
function answerSends(answer: () => Response) {
  mswServer.use(http.post('*/api/user/user/send_email_verification/', answer));
}

describe('verifying the e-mail', () => {
  it('sends a code, shows a wrong code at the field, then verifies with the right one', async () => {
    const user = userEvent.setup();
    const calls = watchEmailCalls();
    await showCustomerPanel();

    const code = await requestCode(user);

    expect(code).toHaveFocus();
    expect(emailStep()).toHaveTextContent(format(t.email.sent, { contact: customer.email }));
    expect(calls.sends).toBe(1);

    await user.type(code, '654321');
    await clickConfirm(user);

    const message = 'კოდი არასწორია. დარჩენილი მცდელობები: 4.';
    expect(await within(emailStep()).findByText(message)).toBeVisible();
    expect(code).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(code).toHaveValue('654321');
    expect(within(emailStep()).queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(code);
    await user.type(code, GOOD_CODE);
    await clickConfirm(user);

    expect(await within(emailStep()).findByText(t.email.done)).toBeInTheDocument();
    expect(emailStep()).toHaveTextContent(`✓ ${t.verified}`);
    // Done, the step is a short row: the address it was sent to goes with the form.
    expect(emailStep()).not.toHaveTextContent(customer.email);
    expect(within(emailStep()).queryByLabelText(t.email.code)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: t.email.title })).toHaveFocus();
    expect(queryClient.getQueryData<User>(accountKeys.user)?.email_verified).toBe(true);
    expect(calls.verifies).toEqual([{ code: '654321' }, { code: GOOD_CODE }]);
  });

  it('checks the code is 6 digits before asking the provider', async () => {
    const user = userEvent.setup();
    const calls = watchEmailCalls();
    await showCustomerPanel();
    const code = await requestCode(user);

    await user.type(code, '12345');
    await clickConfirm(user);

    expect(code).toHaveAccessibleDescription(expect.stringContaining(kaAccount.codeInvalid));
    expect(calls.verifies).toHaveLength(0);
  });

  it('lets the customer send the code again, keeping what was typed', async () => {
    const user = userEvent.setup();
    const calls = watchEmailCalls();
    await showCustomerPanel();
    const code = await requestCode(user);
    await user.type(code, '12');

    await user.click(within(emailStep()).getByRole('button', { name: t.email.resend }));

    await waitFor(() => expect(calls.sends).toBe(2));
    expect(code).toHaveValue('12');
    expect(within(emailStep()).getByRole('button', { name: t.email.resend })).toBeEnabled();
  });

  it('shows a send refused in English (permission denied) in Georgian words', async () => {
    const user = userEvent.setup();
    answerSends(() =>
      HttpResponse.json(
        {
          detail: 'You do not have permission to perform this action.',
          code: 'permission_denied',
        },
        { status: 403 },
      ),
    );
    await showCustomerPanel();

    await clickSend(user);

    const alert = await within(emailStep()).findByRole('alert');
    expect(alert).toHaveTextContent(ka.errors.byCode.permission_denied);
    expect(alert).not.toHaveTextContent(/permission/);
  });

  it('shows a failed send as a Georgian message and keeps the send button', async () => {
    const user = userEvent.setup();
    answerSends(() =>
      HttpResponse.json({ detail: 'სერვისი მიუწვდომელია.', code: 'error' }, { status: 503 }),
    );
    await showCustomerPanel();

    await clickSend(user);

    expect(await within(emailStep()).findByRole('alert')).toHaveTextContent(
      'სერვისი მიუწვდომელია.',
    );
    expect(within(emailStep()).getByRole('button', { name: t.email.send })).toBeEnabled();
    expect(within(emailStep()).queryByLabelText(t.email.code)).not.toBeInTheDocument();
  });
});
