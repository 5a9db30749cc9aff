import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setUserData } from 'shared/query/account-queries';
import { ka } from 'shared/strings/ka';
import { customer } from 'shared/testing/fixtures';
import { holdDetails, logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { renderInRouter } from 'shared/testing/render';
import { kaProfile } from '../features/profile/ka-profile';
import { kaAccount } from '../lib/ka-account';
import { ProfileSection } from './profile-section';

/** The value the definition list gives for a label. */
function definitionOf(label: string): HTMLElement | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement | null;
}

describe('the profile section', () => {
  it("shows the customer's name, personal number, birth date, e-mail and phone", async () => {
    logInAs();
    renderInRouter(<ProfileSection />);

    expect(screen.getByRole('heading', { level: 3, name: kaProfile.title })).toBeInTheDocument();
    expect(await screen.findByText(customer.first_name, { selector: 'dd' })).toBeInTheDocument();
    expect(definitionOf(kaProfile.lastName)).toHaveTextContent(customer.last_name);
    expect(definitionOf(kaAccount.personalNumber)).toHaveTextContent(customer.personal_number);
    // 1990-05-14, in Georgian and without Intl.
    expect(definitionOf(kaProfile.birthDate)).toHaveTextContent('14 მაისი, 1990');
    expect(definitionOf(kaProfile.email)).toHaveTextContent(customer.email);
    expect(definitionOf(kaProfile.email)).toHaveTextContent(kaProfile.notVerified);
    expect(definitionOf(kaProfile.phone)).toHaveTextContent('555 12 34 56');
    expect(definitionOf(kaProfile.phone)).toHaveTextContent(kaProfile.notVerified);
    expect(screen.getByRole('button', { name: kaProfile.edit })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: kaProfile.passwordTitle })).toBeInTheDocument();
  });

  it('says each of the e-mail and the phone is verified once it is', async () => {
    logInAs({ email_verified: true });
    renderInRouter(<ProfileSection />);

    await screen.findByText(customer.first_name, { selector: 'dd' });
    expect(definitionOf(kaProfile.email)).toHaveTextContent(kaProfile.verified);
    expect(definitionOf(kaProfile.email)).not.toHaveTextContent(kaProfile.notVerified);
    expect(definitionOf(kaProfile.phone)).toHaveTextContent(kaProfile.notVerified);

    // What a phone verification answers elsewhere on the page reaches the profile too.
    act(() => setUserData({ ...customer, phone_verified: true }));
    await waitFor(() =>
      expect(definitionOf(kaProfile.phone)).toHaveTextContent(kaProfile.verified),
    );
    expect(definitionOf(kaProfile.phone)).not.toHaveTextContent(kaProfile.notVerified);
    expect(definitionOf(kaProfile.email)).toHaveTextContent(kaProfile.notVerified);
  });

  it('shows a placeholder only when loading takes a while, then the data', async () => {
    logInAs();
    const answer = holdDetails();
    renderInRouter(<ProfileSection />);

    expect(screen.queryByText(ka.common.loading)).not.toBeInTheDocument();
    expect(await screen.findByText(ka.common.loading)).toBeInTheDocument();
    answer.open();
    expect(await screen.findByText(customer.first_name)).toBeInTheDocument();
    expect(screen.queryByText(ka.common.loading)).not.toBeInTheDocument();
  });

  it('shows a load error with a retry that loads the customer again', async () => {
    const user = userEvent.setup();
    logInAs();
    mswServer.use(
      http.get('*/api/user/details/', () => new HttpResponse(null, { status: 500 }), {
        once: true,
      }),
    );
    renderInRouter(<ProfileSection />);

    expect(await screen.findByRole('alert')).toHaveTextContent(kaProfile.loadError);
    expect(screen.queryByRole('button', { name: kaProfile.edit })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ka.common.retry }));

    expect(await screen.findByText(customer.first_name)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
