import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { format, ka } from 'shared/strings/ka';
import { createGate } from 'shared/testing/gate';
import { VALID_USER } from 'shared/testing/handlers/user';
import { logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { renderInRouter } from 'shared/testing/render';
import { ProfileSection } from '../../../app/profile-section';
import { kaAccount } from '../../../lib/ka-account';
import { kaValidation } from '../../../lib/ka-validation';
import { kaProfile } from '../ka-profile';

type UserEvents = ReturnType<typeof userEvent.setup>;

async function showProfile() {
  logInAs();
  renderInRouter(<ProfileSection />);
  await screen.findByRole('form', { name: kaProfile.passwordTitle });
}

/** Records every change-password body; the shared user handlers still answer it. */
function watchChanges(): unknown[] {
  const bodies: unknown[] = [];
  mswServer.use(
    http.post('*/api/user/user/change_password/', async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

const current = () => screen.getByLabelText(kaProfile.currentPassword);
const fresh = () => screen.getByLabelText(kaAccount.newPassword);
const confirmation = () => screen.getByLabelText(kaProfile.newPasswordConfirm);

async function changePassword(
  user: UserEvents,
  values: { old: string; next: string; confirm: string },
) {
  if (values.old) await user.type(current(), values.old);
  if (values.next) await user.type(fresh(), values.next);
  if (values.confirm) await user.type(confirmation(), values.confirm);
  await user.click(screen.getByRole('button', { name: kaAccount.setPassword }));
}

/** A change the form itself accepts: what the provider answers is then up to the test. */
const validChange = { old: VALID_USER.password, next: 'Axali1234', confirm: 'Axali1234' };

/** Shows the form and sends `validChange`, the provider answering it with `answer`. */
async function sendValidChange(answer: () => Response | Promise<Response>) {
  const user = userEvent.setup();
  mswServer.use(http.post('*/api/user/user/change_password/', answer));
  await showProfile();
  await changePassword(user, validChange);
}

describe('changing the password', () => {
  it('offers password managers the current and new password fields', async () => {
    await showProfile();

    expect(current()).toHaveAttribute('autocomplete', 'current-password');
    expect(fresh()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmation()).toHaveAttribute('autocomplete', 'new-password');
    expect(fresh()).toHaveAccessibleDescription(kaAccount.newPasswordHint);
  });

  it('changes the password, clears the fields and says so', async () => {
    const user = userEvent.setup();
    const changes = watchChanges();
    await showProfile();

    await changePassword(user, validChange);

    expect(await screen.findByRole('status')).toHaveTextContent(kaProfile.passwordChanged);
    expect(changes).toEqual([{ old_password: VALID_USER.password, new_password: 'Axali1234' }]);
    expect(current()).toHaveValue('');
    expect(fresh()).toHaveValue('');
    expect(confirmation()).toHaveValue('');
  });

  it('shows a wrong current password at that field and keeps what was typed', async () => {
    const user = userEvent.setup();
    await showProfile();

    await changePassword(user, { old: 'Dzveli1234', next: 'Axali1234', confirm: 'Axali1234' });

    const message = 'მიმდინარე პაროლი არასწორია.';
    expect(await screen.findByText(message)).toBeVisible();
    expect(current()).toHaveAccessibleDescription(message);
    expect(current()).toHaveAttribute('aria-invalid', 'true');
    expect(current()).toHaveFocus();
    expect(current()).toHaveValue('Dzveli1234');
    expect(fresh()).toHaveValue('Axali1234');
    expect(confirmation()).toHaveValue('Axali1234');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(kaProfile.passwordChanged)).not.toBeInTheDocument();
  });

  it('blocks a confirmation that does not match without asking the provider', async () => {
    const user = userEvent.setup();
    const changes = watchChanges();
    await showProfile();

    await changePassword(user, { ...validChange, confirm: 'Axali12345' });

    expect(confirmation()).toHaveAccessibleDescription(kaValidation.passwordMismatch);
    expect(confirmation()).toHaveAttribute('aria-invalid', 'true');
    expect(confirmation()).toHaveValue('Axali12345');
    expect(changes).toHaveLength(0);
  });

  it('asks for the current password and rejects a weak new one without asking the provider', async () => {
    const user = userEvent.setup();
    const changes = watchChanges();
    await showProfile();

    await changePassword(user, { old: '', next: 'password', confirm: 'password' });

    expect(current()).toHaveAccessibleDescription(kaAccount.requiredField);
    expect(fresh()).toHaveAccessibleDescription(expect.stringContaining(kaAccount.passwordInvalid));
    expect(confirmation()).not.toHaveAttribute('aria-invalid');
    expect(changes).toHaveLength(0);
  });

  it('tells a throttled customer how many seconds to wait', async () => {
    await sendValidChange(() =>
      HttpResponse.json(
        { detail: 'მოთხოვნა შეიზღუდა.', code: 'throttled' },
        { status: 429, headers: { 'Retry-After': '42' } },
      ),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      format(ka.errors.throttledWait, { seconds: 42 }),
    );
    expect(current()).toHaveValue(VALID_USER.password);
  });

  it('shows a rule across fields (non_field_errors) above the form, and focuses it', async () => {
    await sendValidChange(() =>
      HttpResponse.json(
        { non_field_errors: ['ახალი პაროლი ძველს არ უნდა ემთხვეოდეს.'] },
        { status: 400 },
      ),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ახალი პაროლი ძველს არ უნდა ემთხვეოდეს.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(fresh()).toHaveValue('Axali1234');
  });

  it('shows every message of one answer: its field’s at the field, the rest above the form', async () => {
    await sendValidChange(() =>
      HttpResponse.json(
        {
          new_password: ['პაროლი ძალიან გავრცელებულია.'],
          non_field_errors: ['სცადეთ სხვა პაროლი.'],
          session: ['სესია მალე ამოიწურება.'],
        },
        { status: 400 },
      ),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('სცადეთ სხვა პაროლი.');
    expect(alert).toHaveTextContent('სესია მალე ამოიწურება.');
    expect(fresh()).toHaveAccessibleDescription(
      expect.stringContaining('პაროლი ძალიან გავრცელებულია.'),
    );
    expect(fresh()).toHaveFocus();
  });

  it('shows an English provider answer (permission denied) in Georgian', async () => {
    await sendValidChange(() =>
      HttpResponse.json(
        {
          detail: 'You do not have permission to perform this action.',
          code: 'permission_denied',
        },
        { status: 403 },
      ),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ka.errors.byCode.permission_denied);
    expect(alert).not.toHaveTextContent(/permission/);
  });

  it('shows that it is saving while a slow change is under way', async () => {
    const answer = createGate();
    await sendValidChange(async () => {
      await answer.passed();
      return HttpResponse.json({});
    });

    expect(await screen.findByRole('button', { name: kaAccount.settingPassword })).toBeDisabled();
    answer.open();
    expect(await screen.findByRole('status')).toHaveTextContent(kaProfile.passwordChanged);
  });
});
