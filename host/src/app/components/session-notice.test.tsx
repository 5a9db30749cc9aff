import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from 'shared/auth/auth-store';
import { useUiStore } from 'shared/stores/ui-store';
import { render } from 'shared/testing/render';
import { kaHost } from '../../words/ka-host';
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
    expect(screen.getByRole('alert')).toHaveTextContent(kaHost.session.banned);
    expect(
      screen.queryByRole('button', { name: kaHost.session.loginAgain }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: kaHost.session.dismiss }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers to log in again after an expired session', async () => {
    const user = userEvent.setup();
    render(<SessionNotice />);
    act(() => useAuthStore.setState({ endedBy: 'expired' }));
    expect(screen.getByRole('alert')).toHaveTextContent(kaHost.session.expired);

    await user.click(screen.getByRole('button', { name: kaHost.session.loginAgain }));
    expect(useUiStore.getState().accountPanel).toBe('login');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the customer logged out in another tab, and offers to log in again', async () => {
    const user = userEvent.setup();
    render(<SessionNotice />);
    act(() => useAuthStore.setState({ endedBy: 'elsewhere' }));
    expect(screen.getByRole('alert')).toHaveTextContent(kaHost.session.elsewhere);
    await user.click(screen.getByRole('button', { name: kaHost.session.loginAgain }));
    expect(useUiStore.getState().accountPanel).toBe('login');
  });

  it('says the session ended for inactivity, takes the focus, and offers to log in again', () => {
    render(<SessionNotice />);
    act(() => useAuthStore.setState({ endedBy: 'inactive' }));
    expect(screen.getByRole('alert')).toHaveTextContent(kaHost.session.inactive);
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('button', { name: kaHost.session.loginAgain })).toBeInTheDocument();
  });
});
