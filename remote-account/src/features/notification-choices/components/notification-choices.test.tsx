import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { queryClient } from 'shared/query/query-client';
import { format, ka } from 'shared/strings/ka';
import { notificationPreferences } from 'shared/testing/fixtures';
import { createGate, type Gate } from 'shared/testing/gate';
import { logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { dropSession } from 'shared/testing/session';
import { fullyVerified } from '../../../testing/entry-harness';
import type { Preferences } from '../api/preferences';
import { kaNotificationChoices as t } from '../ka-notification-choices';
import { NotificationChoices } from './notification-choices';

afterEach(() => {
  dropSession();
  queryClient.clear();
});

const renderChoices = () =>
  render(<NotificationChoices verifyLink={(label) => <a href="/#verification">{label}</a>} />);

/** Renders the section and opens its choices with its button, as a customer does. */
async function showChoices(user: ReturnType<typeof userEvent.setup>) {
  renderChoices();
  const region = await section();
  await user.click(await within(region).findByRole('button', { name: t.change }));
  return region;
}

/** The provider's preferences, `change` applied to one kind's channels. */
function preferencesWith(
  change: Partial<Record<string, { sms: boolean; email: boolean }>> = {},
): Preferences {
  return {
    reminder_days: 3,
    kinds: notificationPreferences.kinds.map((choice) => ({ ...choice, ...change[choice.kind] })),
  };
}

/**
 * A v1.4 provider answering GET with `preferences`; every PUT's body is recorded, and answered
 * once `hold` (if given) opens.
 */
function provide(preferences: Preferences = preferencesWith(), hold?: Gate) {
  const sent: unknown[] = [];
  mswServer.use(
    http.get('*/api/user/notification_preferences/', () => HttpResponse.json(preferences)),
    http.put('*/api/user/notification_preferences/', async ({ request }) => {
      const body = (await request.json()) as Preferences;
      sent.push(body);
      await hold?.passed();
      return HttpResponse.json({
        reminder_days: body.reminder_days,
        kinds: preferences.kinds.map((choice) => ({
          ...choice,
          ...body.kinds.find((each) => each.kind === choice.kind),
        })),
      });
    }),
  );
  return sent;
}

const section = () => screen.findByRole('region', { name: t.title });
const kindGroup = async (name: string) => within(await section()).findByRole('group', { name });
const box = (group: HTMLElement, channel: string) =>
  within(group).getByRole('checkbox', { name: channel });

describe('the customer’s notification choices', () => {
  it('opens the choices under a button, closed at first', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    provide();
    renderChoices();

    const region = await section();
    const button = await within(region).findByRole('button', { name: t.change });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(region).queryByRole('group')).toBeNull();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const choices = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(choices).toContainElement(within(region).getByRole('group', { name: t.kind.overdue }));
    await user.click(button);
    expect(within(region).queryByRole('group')).toBeNull();
  });

  it('shows SMS and e-mail for every kind, and how early the reminder comes', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    provide(preferencesWith({ payment_received: { sms: false, email: true } }));
    const region = await showChoices(user);

    const groups = await within(region).findAllByRole('group');
    // The reminder's days, then each kind in the provider's order.
    expect(groups.map((group) => group.querySelector('legend')?.textContent)).toEqual([
      t.reminderLegend,
      ...Object.values(t.kind),
    ]);
    const received = await kindGroup(t.kind.payment_received);
    expect(box(received, t.sms)).not.toBeChecked();
    expect(box(received, t.email)).toBeChecked();
    expect(box(await kindGroup(t.kind.payment_due), t.sms)).toBeChecked();
    expect(
      within(region).getByRole('radio', { name: format(t.reminderDays, { days: 3 }) }),
    ).toBeChecked();
    // Verified contacts: nothing to warn of.
    expect(within(region).queryByText(t.phoneUnverified, { exact: false })).toBeNull();
    expect(within(region).queryByRole('link')).toBeNull();
  });

  it('saves a changed box at once, sending only that kind, and says so', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    const sent = provide();
    await showChoices(user);

    const received = await kindGroup(t.kind.payment_received);
    await user.click(box(received, t.sms));

    expect(await within(received).findByRole('status')).toHaveTextContent(t.saved);
    expect(sent).toEqual([
      { reminder_days: 3, kinds: [{ kind: 'payment_received', sms: false, email: true }] },
    ]);
    expect(box(received, t.sms)).not.toBeChecked();
    expect(box(received, t.email)).toBeChecked();
  });

  it('shows what was asked while it saves, and takes no other change until it is saved', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    const answer = createGate();
    const sent = provide(preferencesWith(), answer);
    await showChoices(user);

    const received = await kindGroup(t.kind.payment_received);
    await user.click(box(received, t.email));
    expect(box(received, t.email)).not.toBeChecked();
    expect(within(received).getByRole('status')).toHaveTextContent(t.saving);
    await user.click(box(await kindGroup(t.kind.payment_due), t.sms));
    expect(box(await kindGroup(t.kind.payment_due), t.sms)).toBeChecked();
    // The first change still shows, and is still being saved.
    expect(box(received, t.email)).not.toBeChecked();
    expect(within(received).getByRole('status')).toHaveTextContent(t.saving);

    answer.open();
    expect(await within(received).findByText(t.saved)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('refuses to turn off the last channel of a required kind, saying why, without asking', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    const sent = provide(preferencesWith({ overdue: { sms: false, email: true } }));
    await showChoices(user);

    const overdue = await kindGroup(t.kind.overdue);
    const email = box(overdue, t.email);
    // The reason is read with the box before any attempt.
    expect(email).toHaveAccessibleDescription(expect.stringContaining(t.requiredReason));
    await user.click(email);

    expect(within(overdue).getByRole('alert')).toHaveTextContent(t.requiredRefused);
    expect(email).toBeChecked();
    expect(email).toBeEnabled();
    expect(email).toHaveAccessibleDescription(expect.stringContaining(t.requiredRefused));
    expect(sent).toEqual([]);

    // Turning the other one on, and then this one off, is allowed.
    await user.click(box(overdue, t.sms));
    await within(overdue).findByText(t.saved);
    await user.click(email);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      reminder_days: 3,
      kinds: [{ kind: 'overdue', sms: true, email: false }],
    });
  });

  it('saves how early the payment reminder comes, with no kind changed', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    const sent = provide();
    await showChoices(user);

    const days = await kindGroup(t.reminderLegend);
    await user.click(
      within(days).getByRole('radio', { name: format(t.reminderDays, { days: 5 }) }),
    );

    expect(await within(days).findByText(t.saved)).toBeInTheDocument();
    expect(sent).toEqual([{ reminder_days: 5, kinds: [] }]);
    expect(
      within(days).getByRole('radio', { name: format(t.reminderDays, { days: 5 }) }),
    ).toBeChecked();
  });

  it('shows the provider’s refusal at the box changed, and puts the box back', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    provide();
    const refusal = '„payment_declined“: ერთი არხი მაინც უნდა დარჩეს ჩართული.';
    mswServer.use(
      http.put('*/api/user/notification_preferences/', () =>
        HttpResponse.json({ kinds: [refusal] }, { status: 400 }),
      ),
    );
    await showChoices(user);

    const declined = await kindGroup(t.kind.payment_declined);
    const sms = box(declined, t.sms);
    await user.click(sms);

    expect(await within(declined).findByRole('alert')).toHaveTextContent(refusal);
    expect(sms).toBeChecked();
    expect(sms).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(within(declined).queryByRole('status')).toBeNull();
  });

  it('shows a refusal of the days at the days, whichever change was sent', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    provide();
    const refusal = 'აირჩიეთ ერთ-ერთი: 1, 3, 5.';
    mswServer.use(
      http.put('*/api/user/notification_preferences/', () =>
        HttpResponse.json({ reminder_days: [refusal] }, { status: 400 }),
      ),
    );
    await showChoices(user);

    await user.click(box(await kindGroup(t.kind.payment_received), t.sms));

    const days = await kindGroup(t.reminderLegend);
    expect(await within(days).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(await kindGroup(t.kind.payment_received)).queryByRole('alert')).toBeNull();
    expect(box(await kindGroup(t.kind.payment_received), t.sms)).toBeChecked();
  });

  it('says that nothing goes to an unverified phone or e-mail, and how to verify it', async () => {
    const user = userEvent.setup();
    logInAs({ ...fullyVerified, phone_verified: false, email_verified: false });
    provide();
    const region = await showChoices(user);

    const phone = await within(region).findByText(t.phoneUnverified, { exact: false });
    expect(within(phone).getByRole('link', { name: t.verifyPhone })).toBeInTheDocument();
    const email = within(region).getByText(t.emailUnverified, { exact: false });
    expect(within(email).getByRole('link', { name: t.verifyEmail })).toBeInTheDocument();
    // Each box says where its channel stands.
    const due = await kindGroup(t.kind.payment_due);
    expect(box(due, t.sms)).toHaveAccessibleDescription(expect.stringContaining(t.phoneUnverified));
    expect(box(due, t.email)).toHaveAccessibleDescription(
      expect.stringContaining(t.emailUnverified),
    );
    expect(box(due, t.email)).not.toHaveAccessibleDescription(
      expect.stringContaining(t.phoneUnverified),
    );
  });

  it('shows nothing at all where the provider has no v1.4', async () => {
    logInAs(fullyVerified);
    const answered = createGate();
    mswServer.use(
      http.get('*/api/user/notification_preferences/', () => {
        answered.open();
        return HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 });
      }),
    );
    const { container } = renderChoices();
    await answered.passed();
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('offers a retry when the choices cannot load, and shows them after it', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    mswServer.use(
      http.get('*/api/user/notification_preferences/', () =>
        HttpResponse.json({ detail: 'error' }, { status: 500 }),
      ),
    );
    renderChoices();

    const region = await section();
    expect(await within(region).findByRole('alert')).toHaveTextContent(t.loadError);
    provide();
    await user.click(within(region).getByRole('button', { name: ka.common.retry }));
    await user.click(await within(region).findByRole('button', { name: t.change }));
    expect(within(region).getByRole('group', { name: t.kind.overdue })).toBeInTheDocument();
    expect(within(region).queryByText(t.loadError)).toBeNull();
  });

  it('reads a kind it cannot name, leaves it out, and never sends it', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    const withNewKind = preferencesWith();
    withNewKind.kinds.push({ kind: 'loan_offer', sms: true, email: false, required: false });
    const sent = provide(withNewKind);
    const region = await showChoices(user);

    await within(region).findByRole('group', { name: t.kind.payment_due });
    expect(within(region).getAllByRole('group')).toHaveLength(1 + Object.keys(t.kind).length);
    expect(region).not.toHaveTextContent('loan_offer');

    await user.click(
      within(region).getByRole('radio', { name: format(t.reminderDays, { days: 1 }) }),
    );
    await within(region).findByText(t.saved);
    expect(sent).toEqual([{ reminder_days: 1, kinds: [] }]);
  });
});
