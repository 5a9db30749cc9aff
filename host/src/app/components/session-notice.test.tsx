import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from 'shared/auth/auth-store';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { render } from 'shared/testing/render';
import { SessionNotice } from './session-notice';

describe('the session notice', () => {
  it('says nothing while no session was ended by the provider', () => {
    render(<SessionNotice />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells a banned customer why they were logged out, until dismissed', async () => {
    const user = userEvent.setup();
    render(<SessionNotice />);
    act(() => useAuthStore.setState({ endedBy: 'banned' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ka.session.banned);
    expect(screen.queryByRole('button', { name: ka.session.loginAgain })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ka.session.dismiss }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers to log in again after an expired session', async () => {
    const user = userEvent.setup();
    render(<SessionNotice />);
    act(() => useAuthStore.setState({ endedBy: 'expired' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ka.session.expired);

    await user.click(screen.getByRole('button', { name: ka.session.loginAgain }));
    expect(useUiStore.getState().accountPanel).toBe('login');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the customer logged out in another tab, and offers to log in again', async () => {
    const user = userEvent.setup();
    render(<SessionNotice />);
    act(() => useAuthStore.setState({ endedBy: 'elsewhere' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ka.session.elsewhere);
    await user.click(screen.getByRole('button', { name: ka.session.loginAgain }));
    expect(useUiStore.getState().accountPanel).toBe('login');
  });
});
