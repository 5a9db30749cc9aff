import { act, waitFor } from '@testing-library/react';
import { useAuthStore } from 'shared/auth/auth-store';
import { render } from 'shared/testing/render';
import { InactivityGuard } from './inactivity-guard';

const dialogElement = (container: HTMLElement) => container.querySelector('dialog');

afterEach(() => localStorage.clear());

describe('the inactivity warning’s guard', () => {
  it('loads nothing for a visitor', async () => {
    const { container } = render(<InactivityGuard />);
    // Give a lazy load every chance it must not take: the module is ready, the tasks have run.
    await act(async () => {
      await import('./inactivity-warning');
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(dialogElement(container)).toBeNull();
  });

  it('brings the warning in once a customer is logged in, and takes it away at logout', async () => {
    const { container } = render(<InactivityGuard />);
    act(() => useAuthStore.getState().setSession({ access: 'a', refresh: 'r' }));
    await waitFor(() => expect(dialogElement(container)).not.toBeNull());
    // Closed until the customer has been inactive long enough.
    expect(dialogElement(container)?.open).toBe(false);

    act(() => useAuthStore.setState({ status: 'logged-out' }));
    expect(dialogElement(container)).toBeNull();
  });
});
