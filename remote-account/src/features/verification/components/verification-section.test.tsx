import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { customer } from 'shared/testing/fixtures';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { logInAs } from '../../../testing/log-in';
import { kaVerification } from '../ka-verification';
import VerificationSection from './verification-section';

const verified = {
  ...customer,
  email_verified: true,
  phone_verified: true,
  photos_status: 'approved' as const,
  full_verification: true,
};

describe('the verification section of the home page', () => {
  it('shows the steps and the progress while any step is left', async () => {
    logInAs({ email_verified: true });
    render(<VerificationSection />);
    expect(await screen.findByText(/შესრულებულია 1 ნაბიჯი 3-დან/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: kaVerification.title })).toBeInTheDocument();
  });

  it('renders nothing for a customer who is already fully verified', async () => {
    logInAs(verified);
    const { container } = render(<VerificationSection />);
    await waitFor(() => expect(queryClient.getQueryData(accountKeys.user)).toEqual(verified));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('says so when the last step is completed here, instead of vanishing', async () => {
    logInAs();
    render(<VerificationSection />);
    await screen.findByText(/შესრულებულია 0 ნაბიჯი 3-დან/);

    mswServer.use(http.get('*/api/user/details/', () => HttpResponse.json(verified)));
    await act(() => queryClient.refetchQueries({ queryKey: accountKeys.user }));

    expect(await screen.findByText(new RegExp(kaVerification.fullyVerified))).toBeInTheDocument();
  });

  it('renders nothing for a visitor', () => {
    const { container } = render(<VerificationSection />);
    expect(container).toBeEmptyDOMElement();
  });
});
