import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from 'shared/auth/auth-store';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { createGate } from 'shared/testing/gate';
import { logInAs } from 'shared/testing/log-in';
import { render } from 'shared/testing/render';
import { expectConsoleError } from 'shared/testing/setup-tests';
import { kaHost } from '../../words/ka-host';
import { AccountDoor } from './account-door';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));

const loadRemoteMock = vi.mocked(loadRemote);

/** The account slice's entry, which shows which panel the page asked for. */
function RemoteEntry() {
  const panel = useUiStore((state) => state.accountPanel);
  return <p>{`account slice: ${panel ?? 'no panel'}`}</p>;
}

beforeEach(() => {
  loadRemoteMock.mockReset();
  loadRemoteMock.mockResolvedValue({ default: RemoteEntry } as never);
});

function accountSliceRequested(): boolean {
  return loadRemoteMock.mock.calls.some(([id]) => id === 'remote_account/AccountEntry');
}

describe('the header’s account place', () => {
  it('offers a visitor login and registration without loading the account slice', () => {
    render(<AccountDoor />);
    expect(screen.getByRole('button', { name: ka.account.login })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ka.account.register })).toBeInTheDocument();
    expect(accountSliceRequested()).toBe(false);
  });

  it('fetches the slice when a visitor comes near a button, and keeps the buttons', async () => {
    const user = userEvent.setup();
    render(<AccountDoor />);
    await user.hover(screen.getByRole('button', { name: ka.account.login }));
    expect(accountSliceRequested()).toBe(true);
    expect(screen.getByRole('button', { name: ka.account.login })).toBeInTheDocument();
    expect(screen.queryByText(/account slice/)).not.toBeInTheDocument();
  });

  it('fetches the slice when the keyboard reaches a button', async () => {
    const user = userEvent.setup();
    render(<AccountDoor />);
    await user.tab();
    expect(screen.getByRole('button', { name: ka.account.login })).toHaveFocus();
    expect(accountSliceRequested()).toBe(true);
  });

  it('shows the slice with the login panel asked for when a visitor clicks login', async () => {
    const user = userEvent.setup();
    render(<AccountDoor />);
    await user.click(screen.getByRole('button', { name: ka.account.login }));
    expect(await screen.findByText('account slice: login')).toBeInTheDocument();
  });

  it('shows the slice with the registration panel asked for from its button', async () => {
    const user = userEvent.setup();
    render(<AccountDoor />);
    await user.click(screen.getByRole('button', { name: ka.account.register }));
    expect(await screen.findByText('account slice: register')).toBeInTheDocument();
  });

  it('keeps the buttons in place while the slice is still on its way', async () => {
    const gate = createGate();
    loadRemoteMock.mockImplementation(async () => {
      await gate.passed();
      return { default: RemoteEntry } as never;
    });
    const user = userEvent.setup();
    render(<AccountDoor />);
    await user.click(screen.getByRole('button', { name: ka.account.login }));
    expect(screen.getByRole('button', { name: ka.account.login })).toBeInTheDocument();
    gate.open();
    expect(await screen.findByText('account slice: login')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ka.account.login })).not.toBeInTheDocument();
  });

  it('shows the slice when another part of the page asks for the login form', async () => {
    render(<AccountDoor />);
    act(() => useUiStore.getState().requestLogin());
    expect(await screen.findByText('account slice: login')).toBeInTheDocument();
  });

  it('shows a customer their name and logout without loading the account slice', async () => {
    logInAs({ first_name: 'ნინო', last_name: 'ბერიძე' });
    render(<AccountDoor />);
    expect(
      await screen.findByRole('button', {
        name: new RegExp(`^${kaAccountButtons.myAccount}:\\s*ნინო$`),
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: kaAccountButtons.logout })).toBeInTheDocument();
    expect(accountSliceRequested()).toBe(false);
  });

  it('fetches the slice when a customer comes near their name, and keeps the buttons', async () => {
    const user = userEvent.setup();
    logInAs();
    render(<AccountDoor />);
    await user.hover(screen.getByRole('button', { name: new RegExp(kaAccountButtons.myAccount) }));
    expect(accountSliceRequested()).toBe(true);
    expect(screen.queryByText(/account slice/)).not.toBeInTheDocument();
  });

  it('shows the slice with the account panel asked for when a customer clicks their name', async () => {
    const user = userEvent.setup();
    logInAs();
    render(<AccountDoor />);
    await user.click(screen.getByRole('button', { name: new RegExp(kaAccountButtons.myAccount) }));
    expect(await screen.findByText('account slice: account')).toBeInTheDocument();
  });

  it('logs a customer out from its own button, and gives login the focus', async () => {
    const user = userEvent.setup();
    logInAs();
    render(<AccountDoor />);
    await user.click(screen.getByRole('button', { name: kaAccountButtons.logout }));
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(await screen.findByRole('button', { name: ka.account.login })).toHaveFocus();
  });

  it('keeps the slice once shown, through a logout', async () => {
    const user = userEvent.setup();
    logInAs();
    render(<AccountDoor />);
    await user.click(screen.getByRole('button', { name: new RegExp(kaAccountButtons.myAccount) }));
    expect(await screen.findByText('account slice: account')).toBeInTheDocument();
    await act(() => useAuthStore.getState().logout());
    expect(screen.getByText(/account slice/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ka.account.login })).not.toBeInTheDocument();
  });

  it('says in Georgian that login is unavailable when the slice is down, and retries', async () => {
    expectConsoleError(/account down/);
    loadRemoteMock.mockRejectedValue(new Error('account down'));
    const user = userEvent.setup();
    render(<AccountDoor />);
    await user.click(screen.getByRole('button', { name: ka.account.login }));
    const fallback = await screen.findByRole('region', { name: ka.account.login });
    expect(within(fallback).getByRole('alert')).toHaveTextContent(kaHost.remote.unavailable);
    loadRemoteMock.mockResolvedValue({ default: RemoteEntry } as never);
    await user.click(within(fallback).getByRole('button', { name: ka.common.retry }));
    expect(await screen.findByText('account slice: login')).toBeInTheDocument();
  });
});
