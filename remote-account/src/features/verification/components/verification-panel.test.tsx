import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { format, ka } from 'shared/strings/ka';
import { customer } from 'shared/testing/fixtures';
import { holdDetails, logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaVerification } from '../ka-verification';
import { showPanel } from '../test-utils';
import { VerificationPanel } from './verification-panel';

const t = kaVerification;

function step(title: string) {
  return screen.getByRole('listitem', { name: title });
}

describe('the verification panel', () => {
  it('shows a skeleton only after 200 ms while the customer loads', async () => {
    logInAs();
    const answer = holdDetails();
    render(<VerificationPanel />);

    expect(screen.getByRole('heading', { level: 2, name: t.title })).toBeInTheDocument();
    expect(screen.queryByText(ka.common.loading)).not.toBeInTheDocument();
    expect(await screen.findByText(ka.common.loading)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: t.stepsLabel })).not.toBeInTheDocument();
    answer.open();
    expect(await screen.findByRole('list', { name: t.stepsLabel })).toBeInTheDocument();
    expect(screen.queryByText(ka.common.loading)).not.toBeInTheDocument();
  });

  it('shows a Georgian load error whose retry fetches the customer again', async () => {
    const user = userEvent.setup();
    logInAs();
    mswServer.use(http.get('*/api/user/details/', () => HttpResponse.error(), { once: true }));
    render(<VerificationPanel />);

    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadError);
    await user.click(screen.getByRole('button', { name: ka.common.retry }));

    expect(await screen.findByRole('list', { name: t.stepsLabel })).toBeInTheDocument();
    expect(screen.queryByText(t.loadError)).not.toBeInTheDocument();
  });

  it('tells a new customer that nothing is verified yet, with every step open', async () => {
    logInAs();
    await showPanel();

    expect(screen.getByText(format(t.progress, { done: 0, total: 3 }))).toBeVisible();
    const bar = screen.getByRole('progressbar', {
      name: format(t.progress, { done: 0, total: 3 }),
    });
    expect(bar).toHaveAttribute('value', '0');
    expect(bar).toHaveAttribute('max', '3');
    expect(bar).toHaveAttribute('aria-valuetext', '0 / 3');

    const email = step(t.email.title);
    expect(email).toHaveTextContent(`${t.stateLabel} ○ ${t.notVerified}`);
    expect(email).toHaveTextContent(customer.email);
    expect(within(email).getByRole('button', { name: t.email.send })).toBeEnabled();

    const phone = step(t.phone.title);
    expect(phone).toHaveTextContent(t.notVerified);
    expect(phone).toHaveTextContent('555 12 34 56');
    expect(within(phone).getByRole('button', { name: t.phone.send })).toBeEnabled();

    const photos = step(t.photos.title);
    expect(photos).toHaveTextContent(t.photos.status.none);
    for (const kind of ['id_front', 'id_back', 'selfie'] as const) {
      expect(within(photos).getByLabelText(t.photos.kinds[kind])).toHaveAttribute('type', 'file');
    }
  });

  it('shows a done step as a short row with a check, and only the steps still to do open', async () => {
    logInAs({ email_verified: true, phone_verified: true });
    await showPanel();

    expect(
      screen.getByRole('progressbar', { name: format(t.progress, { done: 2, total: 3 }) }),
    ).toHaveAttribute('value', '2');
    for (const title of [t.email.title, t.phone.title]) {
      const row = step(title);
      // The heading and its state, nothing else: no address, no form, no button.
      expect(row).toHaveTextContent(new RegExp(`^${title}${t.stateLabel} ✓ ${t.verified}$`));
      expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(step(t.email.title)).not.toHaveTextContent(customer.email);
    const photos = step(t.photos.title);
    expect(photos).toHaveTextContent(t.photos.status.none);
    expect(within(photos).getByRole('button', { name: t.photos.upload })).toBeInTheDocument();
  });

  it('counts approved photos as done, as a short row', async () => {
    logInAs({ photos_status: 'approved' });
    await showPanel();

    expect(screen.getByText(format(t.progress, { done: 1, total: 3 }))).toBeVisible();
    const photos = step(t.photos.title);
    expect(photos).toHaveTextContent(
      new RegExp(`^${t.photos.title}${t.stateLabel} ✓ ${t.verified}$`),
    );
    expect(within(step(t.email.title)).getByRole('button', { name: t.email.send })).toBeEnabled();
  });

  it('says photos under review are pending, without an upload form', async () => {
    logInAs({ photos_status: 'pending' });
    await showPanel();

    const photos = step(t.photos.title);
    expect(photos).toHaveTextContent(t.photos.status.pending);
    expect(photos).toHaveTextContent(t.photos.pendingNote);
    expect(within(photos).queryByLabelText(t.photos.kinds.id_front)).not.toBeInTheDocument();
  });

  it('asks to upload rejected photos again', async () => {
    logInAs({ photos_status: 'rejected' });
    await showPanel();

    const photos = step(t.photos.title);
    expect(photos).toHaveTextContent(t.photos.status.rejected);
    expect(photos).toHaveTextContent(t.photos.rejectedNote);
    expect(within(photos).getByLabelText(t.photos.kinds.selfie)).toBeInTheDocument();
    expect(within(photos).getByRole('button', { name: t.photos.upload })).toBeEnabled();
  });

  it('keeps the steps, and what was typed, on screen while the customer is fetched again', async () => {
    const user = userEvent.setup();
    logInAs();
    await showPanel();
    await user.click(within(step(t.email.title)).getByRole('button', { name: t.email.send }));
    const code = await within(step(t.email.title)).findByLabelText(t.email.code);
    await user.type(code, '123');
    const answer = holdDetails({ ...customer, phone_verified: true });

    act(() => void queryClient.invalidateQueries({ queryKey: accountKeys.user }));

    await waitFor(() =>
      expect(queryClient.getQueryState(accountKeys.user)?.fetchStatus).toBe('fetching'),
    );
    expect(screen.getByRole('list', { name: t.stepsLabel })).toBeInTheDocument();
    expect(screen.queryByText(ka.common.loading)).not.toBeInTheDocument();
    expect(code).toHaveValue('123');
    answer.open();
    await waitFor(() => expect(step(t.phone.title)).toHaveTextContent(t.verified));
    expect(code).toHaveValue('123');
    expect(code).toBeInTheDocument();
  });
});
