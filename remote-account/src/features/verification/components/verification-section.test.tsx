import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { format } from 'shared/strings/ka';
import { customer } from 'shared/testing/fixtures';
import { GOOD_CODE } from 'shared/testing/handlers/user';
import { logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaVerification } from '../ka-verification';
import VerificationSection from './verification-section';

const t = kaVerification;

const verified = {
  ...customer,
  email_verified: true,
  phone_verified: true,
  photos_status: 'approved' as const,
  full_verification: true,
};

const row = (title: string) => screen.getByRole('listitem', { name: title });

describe('the verification section of the home page', () => {
  it('shows the progress and opens only the steps still to do', async () => {
    logInAs({ email_verified: true });
    render(<VerificationSection />);

    const section = await screen.findByRole('region', { name: t.title });
    const progress = format(t.progress, { done: 1, total: 3 });
    expect(await within(section).findByText(progress)).toBeVisible();
    expect(within(section).getByRole('progressbar', { name: progress })).toHaveAttribute(
      'aria-valuetext',
      '1 / 3',
    );
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
    // Done: a short row. To do: the row and its form.
    expect(row(t.email.title)).toHaveTextContent(`✓ ${t.verified}`);
    expect(within(row(t.email.title)).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row(t.phone.title)).getByRole('button', { name: t.phone.send })).toBeEnabled();
    expect(
      within(row(t.photos.title)).getByRole('button', { name: t.photos.upload }),
    ).toBeInTheDocument();
  });

  it('says a fully verified customer is fully verified (the host decides whether it is on the page)', async () => {
    logInAs(verified);
    render(<VerificationSection />);
    const section = await screen.findByRole('region', { name: t.title });
    expect(await within(section).findByText(t.fullyVerified)).toBeVisible();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when the customer completes the last step here, instead of vanishing', async () => {
    const user = userEvent.setup();
    logInAs({ phone_verified: true, photos_status: 'approved' });
    mswServer.use(http.post('*/api/user/user/verify_email/', () => HttpResponse.json(verified)));
    render(<VerificationSection />);
    await screen.findByText(format(t.progress, { done: 2, total: 3 }));

    await user.click(within(row(t.email.title)).getByRole('button', { name: t.email.send }));
    await user.type(await screen.findByLabelText(t.email.code), GOOD_CODE);
    await user.click(screen.getByRole('button', { name: t.email.confirm }));

    const section = screen.getByRole('region', { name: t.title });
    expect(await within(section).findByText(t.fullyVerified)).toBeVisible();
    expect(
      within(section).getByRole('progressbar', { name: format(t.progress, { done: 3, total: 3 }) }),
    ).toBeInTheDocument();
    expect(within(row(t.email.title)).getByRole('status')).toHaveTextContent(t.email.done);
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when a review decided while the customer watches completes the verification', async () => {
    logInAs({ email_verified: true, phone_verified: true, photos_status: 'pending' });
    render(<VerificationSection />);
    await screen.findByText(format(t.progress, { done: 2, total: 3 }));

    mswServer.use(http.get('*/api/user/details/', () => HttpResponse.json(verified)));
    await act(() => queryClient.refetchQueries({ queryKey: accountKeys.user }));

    expect(await screen.findByText(t.fullyVerified)).toBeInTheDocument();
    expect(row(t.photos.title)).toHaveTextContent(`✓ ${t.verified}`);
  });

  it('renders nothing for a visitor', () => {
    const { container } = render(<VerificationSection />);
    expect(container).toBeEmptyDOMElement();
  });
});
