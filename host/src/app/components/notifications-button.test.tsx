import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setUnreadCount } from 'shared/query/unread-count';
import { useNotificationPanel } from 'shared/stores/notification-panel';
import { ka } from 'shared/strings/ka';
import { withoutNotificationHandlers } from 'shared/testing/handlers/notifications';
import { logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { AccountDoor } from './account-door';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));

/** The account slice's entry, which shows whether the page asked for the notifications. */
function RemoteEntry() {
  const open = useNotificationPanel((state) => state.open);
  return <p>{`account slice: ${open ? 'notifications' : 'no panel'}`}</p>;
}

beforeEach(() => {
  vi.mocked(loadRemote).mockResolvedValue({ default: RemoteEntry } as never);
});

describe('the header’s notifications button', () => {
  it('names the unread number in Georgian and opens the account slice’s notifications', async () => {
    const user = userEvent.setup();
    logInAs();
    render(<AccountDoor />);
    const bell = await screen.findByRole('button', { name: 'შეტყობინებები: 2 წაუკითხავი' });
    expect(bell).toHaveTextContent('2');
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    await user.click(bell);

    expect(await screen.findByText('account slice: notifications')).toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'true');
  });

  it('lets a screen reader hear the number change, not the number the page opened with', async () => {
    logInAs();
    render(<AccountDoor />);
    await screen.findByRole('button', { name: /2 წაუკითხავი/ });
    expect(screen.queryByText(/წაუკითხავი შეტყობინებები/)).toBeNull();

    act(() => setUnreadCount({ unread: 3 }));

    // TanStack tells its observers on the next task.
    const heard = await screen.findByText('წაუკითხავი შეტყობინებები: 3');
    expect(heard).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: 'შეტყობინებები: 3 წაუკითხავი' })).toBeVisible();
  });

  it('keeps the badge short past 99, and says the whole number in the button’s name', async () => {
    mswServer.use(
      http.get('*/api/user/notifications/unread_count/', () => HttpResponse.json({ unread: 120 })),
    );
    logInAs();
    render(<AccountDoor />);
    const bell = await screen.findByRole('button', { name: 'შეტყობინებები: 120 წაუკითხავი' });
    expect(bell).toHaveTextContent(/^99\+$/);
  });

  it('has no number when all are read', async () => {
    mswServer.use(
      http.get('*/api/user/notifications/unread_count/', () => HttpResponse.json({ unread: 0 })),
    );
    logInAs();
    render(<AccountDoor />);
    const bell = await screen.findByRole('button', { name: 'შეტყობინებები' });
    expect(bell).toHaveTextContent('');
  });

  it('is not there for a provider without v1.4, and the rest of the header is', async () => {
    mswServer.use(...withoutNotificationHandlers);
    const asked = vi.fn();
    mswServer.events.on('request:start', ({ request }) => {
      if (request.url.includes('unread_count')) asked();
    });
    logInAs();
    render(<AccountDoor />);
    expect(await screen.findByRole('button', { name: /ნინო/ })).toBeInTheDocument();
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: /შეტყობინებები/ })).toBeNull();
    mswServer.events.removeAllListeners();
  });

  it('is not there for a visitor', () => {
    render(<AccountDoor />);
    expect(screen.getByRole('button', { name: ka.account.login })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /შეტყობინებები/ })).toBeNull();
  });
});
