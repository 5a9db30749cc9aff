import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { User } from 'shared/api/user/user-details';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { format } from 'shared/strings/ka';
import { GOOD_CODE } from 'shared/testing/handlers/user';
import { logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { kaVerification } from '../ka-verification';
import { showPanel } from '../test-utils';

const t = kaVerification;

function phoneStep() {
  return screen.getByRole('listitem', { name: t.phone.title });
}

/** A polite announcement (role=status) of the phone step with exactly this text. */
function announced(text: string) {
  return within(phoneStep())
    .getAllByRole('status')
    .some((region) => region.textContent === text);
}

function countSends() {
  const calls = { sends: 0 };
  mswServer.use(
    http.post('*/api/user/user/send_sms/', () => {
      calls.sends += 1;
    }),
  );
  return calls;
}

describe('verifying the phone number', () => {
  // Fake clocks that still move on their own, so msw and Testing Library's waits keep working.
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

  it('sends an SMS code and allows a resend only after 60 seconds', async () => {
    const user = setup();
    const calls = countSends();
    logInAs();
    await showPanel();

    await user.click(within(phoneStep()).getByRole('button', { name: t.phone.send }));

    const code = await within(phoneStep()).findByLabelText(t.phone.code);
    // From here the clock moves only when the test says so.
    vi.setTimerTickMode('manual');
    expect(code).toHaveFocus();
    expect(phoneStep()).toHaveTextContent(format(t.phone.sent, { contact: '555 12 34 56' }));
    const resend = within(phoneStep()).getByRole('button', { name: t.phone.resend });
    expect(resend).toBeDisabled();
    expect(within(phoneStep()).getByText(format(t.resendIn, { seconds: 60 }))).toBeVisible();
    expect(announced(format(t.resendWait, { seconds: 60 }))).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(within(phoneStep()).getByText(format(t.resendIn, { seconds: 59 }))).toBeVisible();
    // The announcement does not follow every second.
    expect(announced(format(t.resendWait, { seconds: 60 }))).toBe(true);

    act(() => vi.advanceTimersByTime(58_000));
    expect(resend).toBeDisabled();
    expect(within(phoneStep()).getByText(format(t.resendIn, { seconds: 1 }))).toBeVisible();

    act(() => vi.advanceTimersByTime(1000));
    expect(resend).toBeEnabled();
    expect(announced(t.resendReady)).toBe(true);
    expect(within(phoneStep()).queryByText(/წამში$/)).not.toBeInTheDocument();

    vi.setTimerTickMode('interval');
    await user.click(resend);
    await waitFor(() => expect(calls.sends).toBe(2));
    expect(resend).toBeDisabled();
  });

  it("waits as long as a throttled answer's Retry-After says", async () => {
    const user = setup();
    mswServer.use(
      http.post('*/api/user/user/send_sms/', () =>
        HttpResponse.json(
          { detail: 'მოთხოვნა შეზღუდულია.', code: 'throttled' },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    logInAs();
    await showPanel();

    await user.click(within(phoneStep()).getByRole('button', { name: t.phone.send }));

    expect(await within(phoneStep()).findByText(t.recentlySent)).toBeInTheDocument();
    vi.setTimerTickMode('manual');
    expect(within(phoneStep()).getByLabelText(t.phone.code)).toBeInTheDocument();
    const resend = within(phoneStep()).getByRole('button', { name: t.phone.resend });
    expect(resend).toBeDisabled();
    expect(within(phoneStep()).getByText(format(t.resendIn, { seconds: 30 }))).toBeVisible();

    act(() => vi.advanceTimersByTime(29_000));
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(resend).toBeEnabled();
    expect(announced(t.resendReady)).toBe(true);
  });

  it('verifies the phone with the right code and updates the shared customer', async () => {
    // No countdown is watched here: the real clock, so no timer fires between act scopes.
    vi.useRealTimers();
    const user = userEvent.setup();
    logInAs();
    await showPanel();
    await user.click(within(phoneStep()).getByRole('button', { name: t.phone.send }));

    await user.type(await within(phoneStep()).findByLabelText(t.phone.code), GOOD_CODE);
    await user.click(within(phoneStep()).getByRole('button', { name: t.phone.confirm }));

    expect(await within(phoneStep()).findByText(t.phone.done)).toBeInTheDocument();
    expect(phoneStep()).toHaveTextContent(`✓ ${t.verified}`);
    expect(phoneStep()).not.toHaveTextContent('555 12 34 56');
    expect(screen.getByRole('heading', { level: 3, name: t.phone.title })).toHaveFocus();
    expect(queryClient.getQueryData<User>(accountKeys.user)?.phone_verified).toBe(true);
  });
});
