import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { ApiError } from 'shared/api/api-error';
import { useAuthStore } from 'shared/auth/auth-store';
import { ka } from 'shared/strings/ka';
import { customer } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { mswServer } from 'shared/testing/msw-server';
import { kaProfile } from '../ka-profile';
import { ProfileSection } from './profile-section';

function logIn() {
  useAuthStore.getState().setSession({ access: 'a', refresh: 'r' });
}

/** The value the definition list gives for a label. */
function definitionOf(label: string): HTMLElement | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement | null;
}

describe('the profile section', () => {
  it("shows the customer's name, personal number, birth date, e-mail and phone", () => {
    logIn();
    useAuthStore.getState().setUser(customer);
    render(<ProfileSection />);

    expect(screen.getByRole('heading', { level: 2, name: kaProfile.title })).toBeInTheDocument();
    expect(definitionOf(kaProfile.firstName)).toHaveTextContent(customer.first_name);
    expect(definitionOf(kaProfile.lastName)).toHaveTextContent(customer.last_name);
    expect(definitionOf(ka.account.personalNumber)).toHaveTextContent(customer.personal_number);
    // 1990-05-14, in Georgian and without Intl.
    expect(definitionOf(kaProfile.birthDate)).toHaveTextContent('14 მაისი, 1990');
    expect(definitionOf(kaProfile.email)).toHaveTextContent(customer.email);
    expect(definitionOf(kaProfile.email)).toHaveTextContent(kaProfile.notVerified);
    expect(definitionOf(kaProfile.phone)).toHaveTextContent('555 12 34 56');
    expect(definitionOf(kaProfile.phone)).toHaveTextContent(kaProfile.notVerified);
    expect(screen.getByRole('button', { name: kaProfile.edit })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: kaProfile.passwordTitle })).toBeInTheDocument();
  });

  it('says each of the e-mail and the phone is verified once it is', () => {
    logIn();
    useAuthStore.getState().setUser({ ...customer, email_verified: true });
    render(<ProfileSection />);

    expect(definitionOf(kaProfile.email)).toHaveTextContent(kaProfile.verified);
    expect(definitionOf(kaProfile.email)).not.toHaveTextContent(kaProfile.notVerified);
    expect(definitionOf(kaProfile.phone)).toHaveTextContent(kaProfile.notVerified);

    act(() => useAuthStore.getState().setUser({ ...customer, phone_verified: true }));

    expect(definitionOf(kaProfile.phone)).toHaveTextContent(kaProfile.verified);
    expect(definitionOf(kaProfile.phone)).not.toHaveTextContent(kaProfile.notVerified);
    expect(definitionOf(kaProfile.email)).toHaveTextContent(kaProfile.notVerified);
  });

  it('shows a placeholder only when loading takes a while, then the data', async () => {
    const answer = createGate();
    mswServer.use(
      http.get('*/api/user/details/', async () => {
        await answer.passed();
        return HttpResponse.json(customer);
      }),
    );
    logIn();
    void useAuthStore.getState().reloadUser();
    render(<ProfileSection />);

    expect(screen.queryByText(ka.common.loading)).not.toBeInTheDocument();
    expect(await screen.findByText(ka.common.loading)).toBeInTheDocument();
    answer.open();
    expect(await screen.findByText(customer.first_name)).toBeInTheDocument();
    expect(screen.queryByText(ka.common.loading)).not.toBeInTheDocument();
  });

  it('shows a load error with a retry that loads the customer again', async () => {
    const user = userEvent.setup();
    logIn();
    useAuthStore.setState({
      user: { status: 'error', error: new ApiError('http', 500, null, 'x') },
    });
    render(<ProfileSection />);

    expect(screen.getByRole('alert')).toHaveTextContent(kaProfile.loadError);
    expect(screen.queryByRole('button', { name: kaProfile.edit })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ka.common.retry }));

    expect(await screen.findByText(customer.first_name)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(useAuthStore.getState().user.status).toBe('success');
  });
});
