import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { User } from 'shared/api/user/user-details';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { ka } from 'shared/strings/ka';
import { customer } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { renderInRouter } from 'shared/testing/render';
import { ProfileSection } from '../../../app/profile-section';
import { kaAccount } from '../../../lib/ka-account';
import { kaValidation } from '../../../lib/ka-validation';
import { kaProfile } from '../ka-profile';

type UserEvents = ReturnType<typeof userEvent.setup>;

/** The profile of `user` as the provider answers it, once loaded. */
async function showProfile(user: User = customer) {
  logInAs(user);
  renderInRouter(<ProfileSection />);
  await screen.findByRole('button', { name: kaProfile.edit });
}

/** Records every PATCH body; the shared user handlers still answer it. */
function watchUpdates(): unknown[] {
  const bodies: unknown[] = [];
  mswServer.use(
    http.patch('*/api/user/user/:id/', async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

async function openForm(user: UserEvents) {
  await user.click(screen.getByRole('button', { name: kaProfile.edit }));
  return screen.getByRole('form', { name: kaProfile.editTitle });
}

async function replace(user: UserEvents, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (text) await user.type(field, text);
}

const save = (user: UserEvents) => user.click(screen.getByRole('button', { name: kaProfile.save }));

describe('editing the profile', () => {
  it('opens a form prefilled with the name and e-mail, the cursor in the first name', async () => {
    const user = userEvent.setup();
    await showProfile();

    await openForm(user);

    expect(screen.getByLabelText(kaProfile.firstName)).toHaveFocus();
    expect(screen.getByLabelText(kaProfile.firstName)).toHaveValue(customer.first_name);
    expect(screen.getByLabelText(kaProfile.lastName)).toHaveValue(customer.last_name);
    expect(screen.getByLabelText(kaProfile.email)).toHaveValue(customer.email);
    expect(screen.queryByRole('button', { name: kaProfile.edit })).not.toBeInTheDocument();
  });

  it('sends only the changed field, updates the customer everywhere and says it is saved', async () => {
    const user = userEvent.setup();
    const updates = watchUpdates();
    await showProfile();
    await openForm(user);

    await replace(user, kaProfile.lastName, 'კაპანაძე');
    await save(user);

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(kaProfile.saved);
    expect(status).not.toHaveTextContent(kaProfile.emailReverify);
    expect(updates).toEqual([{ last_name: 'კაპანაძე' }]);
    expect(queryClient.getQueryData<User>(accountKeys.user)?.last_name).toBe('კაპანაძე');
    expect(screen.getByText('კაპანაძე', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: kaProfile.editTitle })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: kaProfile.edit })).toHaveFocus();
  });

  it('says a changed e-mail must be verified again', async () => {
    const user = userEvent.setup();
    const updates = watchUpdates();
    await showProfile({ ...customer, email_verified: true });
    await openForm(user);

    await replace(user, kaProfile.email, 'nino.beridze@example.ge');
    await save(user);

    expect(await screen.findByRole('status')).toHaveTextContent(kaProfile.emailReverify);
    expect(updates).toEqual([{ email: 'nino.beridze@example.ge' }]);
    const emailValue = screen.getByText(kaProfile.email, { selector: 'dt' }).nextElementSibling;
    expect(emailValue).toHaveTextContent('nino.beridze@example.ge');
    expect(emailValue).toHaveTextContent(kaProfile.notVerified);
    expect(queryClient.getQueryData<User>(accountKeys.user)?.email_verified).toBe(false);
  });

  it('rejects an empty name, an over-long name and a malformed e-mail without asking the provider', async () => {
    const user = userEvent.setup();
    const updates = watchUpdates();
    await showProfile();
    await openForm(user);

    await replace(user, kaProfile.firstName, '   ');
    await user.clear(screen.getByLabelText(kaProfile.lastName));
    await user.click(screen.getByLabelText(kaProfile.lastName));
    await user.paste('ა'.repeat(101));
    await replace(user, kaProfile.email, 'nino@');
    await save(user);

    const firstName = screen.getByLabelText(kaProfile.firstName);
    expect(firstName).toHaveAccessibleDescription(kaAccount.requiredField);
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(kaProfile.lastName)).toHaveAccessibleDescription(
      kaValidation.nameTooLong,
    );
    expect(screen.getByLabelText(kaProfile.email)).toHaveAccessibleDescription(
      kaAccount.emailInvalid,
    );
    expect(screen.getByLabelText(kaProfile.email)).toHaveValue('nino@');
    expect(firstName).toHaveFocus();
    expect(updates).toHaveLength(0);
  });

  it("shows the provider's e-mail message at the e-mail field and keeps what was typed", async () => {
    const user = userEvent.setup();
    const message = 'ეს ელ-ფოსტა უკვე გამოყენებულია.';
    mswServer.use(
      http.patch('*/api/user/user/:id/', () =>
        HttpResponse.json({ email: [message] }, { status: 400 }),
      ),
    );
    await showProfile();
    await openForm(user);

    await replace(user, kaProfile.firstName, 'ნინი');
    await replace(user, kaProfile.email, 'taken@example.ge');
    await save(user);

    expect(await screen.findByText(message)).toBeVisible();
    const email = screen.getByLabelText(kaProfile.email);
    expect(email).toHaveAccessibleDescription(message);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('taken@example.ge');
    expect(screen.getByLabelText(kaProfile.firstName)).toHaveValue('ნინი');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(queryClient.getQueryData(accountKeys.user)).toEqual(customer);
  });

  it('explains a failure that is about no field, and keeps what was typed', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.patch('*/api/user/user/:id/', () => new HttpResponse(null, { status: 503 })),
    );
    await showProfile();
    await openForm(user);

    await replace(user, kaProfile.lastName, 'კაპანაძე');
    await save(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(ka.errors.providerUnavailable);
    expect(screen.getByLabelText(kaProfile.lastName)).toHaveValue('კაპანაძე');
    expect(screen.getByRole('form', { name: kaProfile.editTitle })).toBeInTheDocument();
  });

  it('shows that it is saving while a slow save is under way', async () => {
    const user = userEvent.setup();
    const answer = createGate();
    mswServer.use(
      http.patch('*/api/user/user/:id/', async () => {
        await answer.passed();
        return HttpResponse.json({ ...customer, last_name: 'კაპანაძე' });
      }),
    );
    await showProfile();
    await openForm(user);

    await replace(user, kaProfile.lastName, 'კაპანაძე');
    await save(user);

    expect(screen.getByRole('button', { name: kaProfile.save })).toBeDisabled();
    expect(await screen.findByRole('button', { name: kaProfile.saving })).toBeDisabled();
    answer.open();
    expect(await screen.findByRole('status')).toHaveTextContent(kaProfile.saved);
  });

  it('says nothing changed, and sends nothing, when saved untouched', async () => {
    const user = userEvent.setup();
    const updates = watchUpdates();
    await showProfile();
    await openForm(user);

    await save(user);

    expect(await screen.findByRole('status')).toHaveTextContent(kaProfile.unchanged);
    expect(updates).toHaveLength(0);
  });

  it('cancel brings back the unchanged view with focus on the edit button', async () => {
    const user = userEvent.setup();
    const updates = watchUpdates();
    await showProfile();
    await openForm(user);

    await replace(user, kaProfile.firstName, 'სხვა');
    await user.click(screen.getByRole('button', { name: kaProfile.cancel }));

    expect(screen.queryByRole('form', { name: kaProfile.editTitle })).not.toBeInTheDocument();
    expect(screen.getByText(customer.first_name, { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByText('სხვა')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: kaProfile.edit })).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(updates).toHaveLength(0);
  });
});
