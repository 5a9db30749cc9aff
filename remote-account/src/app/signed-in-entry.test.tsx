import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useAuthStore } from 'shared/auth/auth-store';
import { ka } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { customer } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { logInAs, startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { kaProfile } from '../features/profile/ka-profile';
import { renderEntry } from '../testing/entry-harness';

/** Makes every name wider than its button, as a long name is on a narrow phone. */
function namesDoNotFit() {
  const scroll = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(120);
  const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(40);
  return () => {
    scroll.mockRestore();
    client.mockRestore();
  };
}

describe('a customer’s entry in the header', () => {
  it('shows the first name in full as the account panel’s button', async () => {
    const customer = logInAs({ first_name: 'ალექსანდრე', last_name: 'ჯავახიშვილი' });
    renderEntry();
    const button = await screen.findByRole('button', {
      name: new RegExp(`^${kaAccountButtons.myAccount}:\\s*${customer.first_name}$`),
    });
    expect(button).toHaveTextContent(customer.first_name);
    expect(button).not.toHaveAttribute('data-initials');
  });

  it('shows initials in a badge when the name does not fit, and still names the customer', async () => {
    const restore = namesDoNotFit();
    logInAs({ first_name: 'ალექსანდრე', last_name: 'ჯავახიშვილი' });
    renderEntry();
    const button = await screen.findByRole('button', {
      name: new RegExp(`^${kaAccountButtons.myAccount}:\\s*ალექსანდრე ჯავახიშვილი$`),
    });
    expect(button).toHaveAttribute('data-initials');
    // What shows is the badge; the full name is there for a screen reader only.
    expect(button.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^აჯ$/);
    restore();
  });

  it('offers logout inside the account panel too, where a phone has it', async () => {
    const user = userEvent.setup();
    logInAs();
    renderEntry();
    await user.click(
      await screen.findByRole('button', { name: new RegExp(`^${kaAccountButtons.myAccount}`) }),
    );
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });
    await user.click(within(panel).getByRole('button', { name: kaAccountButtons.logout }));
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(await screen.findByRole('button', { name: ka.account.login })).toBeInTheDocument();
  });
});

describe('a customer’s entry while their data loads', () => {
  it('greets a logged-in customer by first name once their data has loaded', async () => {
    const details = createGate();
    mswServer.use(
      http.get('*/api/user/details/', async () => {
        await details.passed();
        return HttpResponse.json(customer);
      }),
    );
    startSession();
    renderEntry();

    expect(screen.getByRole('button', { name: kaAccountButtons.myAccount })).toBeInTheDocument();
    details.open();
    expect(await screen.findByText(customer.first_name)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: kaAccountButtons.logout })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ka.account.register })).not.toBeInTheDocument();
  });
});
