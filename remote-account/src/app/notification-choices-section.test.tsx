import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { customer } from 'shared/testing/fixtures';
import { logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { kaComplaints } from '../features/complaints/ka-complaints';
import { kaNotificationChoices } from '../features/notification-choices/ka-notification-choices';
import { kaProfile } from '../features/profile/ka-profile';
import VerificationSection from '../features/verification/components/verification-section';
import { kaVerification } from '../features/verification/ka-verification';
import { renderEntry } from '../testing/entry-harness';

const t = kaNotificationChoices;

/** Opens the account panel from the customer's name. */
async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: new RegExp(customer.first_name) }));
  return screen.getByRole('dialog', { name: kaProfile.panelTitle });
}

const follows = (first: Element, second: Element) =>
  Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('the notification choices in the account panel', () => {
  it('come after the profile and before the way to the complaints', async () => {
    const user = userEvent.setup();
    logInAs();
    renderEntry();
    const panel = await openPanel(user);

    const choices = await within(panel).findByRole('region', { name: t.title });
    const profile = within(panel).getByRole('region', { name: kaProfile.title });
    const complaints = within(panel).getByRole('navigation', { name: kaComplaints.title });
    expect(follows(profile, choices)).toBe(true);
    expect(follows(choices, complaints)).toBe(true);
  });

  it('lead an unverified phone to the verification steps, closing the panel as its summary does', async () => {
    const user = userEvent.setup();
    logInAs({ email_verified: true });
    renderEntry(<VerificationSection />);
    await screen.findByRole('list', { name: kaVerification.stepsLabel });
    const panel = await openPanel(user);
    const choices = await within(panel).findByRole('region', { name: t.title });
    await user.click(await within(choices).findByRole('button', { name: t.change }));

    expect(within(choices).queryByRole('link', { name: t.verifyEmail })).toBeNull();
    await user.click(await within(choices).findByRole('link', { name: t.verifyPhone }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: kaVerification.title })).toHaveFocus();
  });

  it('are left out, the rest of the panel kept, where the provider has no v1.4', async () => {
    const user = userEvent.setup();
    let asked = false;
    mswServer.use(
      http.get('*/api/user/notification_preferences/', () => {
        asked = true;
        return HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 });
      }),
    );
    logInAs();
    renderEntry();
    const panel = await openPanel(user);

    await within(panel).findByRole('region', { name: kaProfile.title });
    await vi.waitFor(() => expect(asked).toBe(true));
    await vi.waitFor(() =>
      expect(within(panel).queryByRole('region', { name: t.title })).toBeNull(),
    );
    expect(within(panel).getByRole('navigation', { name: kaComplaints.title })).toBeInTheDocument();
  });
});
