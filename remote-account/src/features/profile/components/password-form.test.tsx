import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useAuthStore } from 'shared/auth/auth-store';
import { format, ka } from 'shared/strings/ka';
import { customer } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { VALID_USER } from 'shared/testing/handlers/user';
import { mswServer } from 'shared/testing/msw-server';
import { kaProfile } from '../ka-profile';
import { ProfileSection } from './profile-section';

type UserEvents = ReturnType<typeof userEvent.setup>;

function showProfile() {
  useAuthStore.getState().setSession({ access: 'a', refresh: 'r' });
  useAuthStore.getState().setUser(customer);
  render(<ProfileSection />);
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
const fresh = () => screen.getByLabelText(ka.account.newPassword);
const confirmation = () => screen.getByLabelText(kaProfile.newPasswordConfirm);

async function changePassword(
  user: UserEvents,
  values: { old: string; next: string; confirm: string },
) {
  if (values.old) await user.type(current(), values.old);
  if (values.next) await user.type(fresh(), values.next);
  if (values.confirm) await user.type(confirmation(), values.confirm);
  await user.click(screen.getByRole('button', { name: ka.account.setPassword }));
}

describe('changing the password', () => {
  it('offers password managers the current and new password fields', () => {
    showProfile();

    expect(current()).toHaveAttribute('autocomplete', 'current-password');
    expect(fresh()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmation()).toHaveAttribute('autocomplete', 'new-password');
    expect(fresh()).toHaveAccessibleDescription(ka.account.newPasswordHint);
  });

  it('changes the password, clears the fields and says so', async () => {
    const user = userEvent.setup();
    const changes = watchChanges();
    showProfile();

    await changePassword(user, {
      old: VALID_USER.password,
      next: 'Axali1234',
      confirm: 'Axali1234',
    });

    expect(await screen.findByRole('status')).toHaveTextContent(kaProfile.passwordChanged);
    expect(changes).toEqual([{ old_password: VALID_USER.password, new_password: 'Axali1234' }]);
    expect(current()).toHaveValue('');
    expect(fresh()).toHaveValue('');
    expect(confirmation()).toHaveValue('');
  });

  it('shows a wrong current password at that field and keeps what was typed', async () => {
    const user = userEvent.setup();
    showProfile();

    await changePassword(user, { old: 'Dzveli1234', next: 'Axali1234', confirm: 'Axali1234' });

    const message = 'მიმდინარე პაროლი არასწორია.';
    expect(await screen.findByText(message)).toBeVisible();
    expect(current()).toHaveAccessibleDescription(message);
    expect(current()).toHaveAttribute('aria-invalid', 'true');
    expect(current()).toHaveValue('Dzveli1234');
    expect(fresh()).toHaveValue('Axali1234');
    expect(confirmation()).toHaveValue('Axali1234');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(kaProfile.passwordChanged)).not.toBeInTheDocument();
  });

  it('blocks a confirmation that does not match without asking the provider', async () => {
    const user = userEvent.setup();
    const changes = watchChanges();
    showProfile();

    await changePassword(user, {
      old: VALID_USER.password,
      next: 'Axali1234',
      confirm: 'Axali12345',
    });

    expect(confirmation()).toHaveAccessibleDescription(kaProfile.passwordMismatch);
    expect(confirmation()).toHaveAttribute('aria-invalid', 'true');
    expect(confirmation()).toHaveValue('Axali12345');
    expect(changes).toHaveLength(0);
  });

  it('asks for the current password and rejects a weak new one without asking the provider', async () => {
    const user = userEvent.setup();
    const changes = watchChanges();
    showProfile();

    await changePassword(user, { old: '', next: 'password', confirm: 'password' });

    expect(current()).toHaveAccessibleDescription(ka.common.requiredField);
    expect(fresh()).toHaveAccessibleDescription(
      expect.stringContaining(ka.account.passwordInvalid),
    );
    expect(confirmation()).not.toHaveAttribute('aria-invalid');
    expect(changes).toHaveLength(0);
  });

  it('tells a throttled customer how many seconds to wait', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('*/api/user/user/change_password/', () =>
        HttpResponse.json(
          { detail: 'მოთხოვნა შეიზღუდა.', code: 'throttled' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );
    showProfile();

    await changePassword(user, {
      old: VALID_USER.password,
      next: 'Axali1234',
      confirm: 'Axali1234',
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      format(ka.account.throttled, { seconds: 42 }),
    );
    expect(current()).toHaveValue(VALID_USER.password);
  });

  it('shows that it is saving while a slow change is under way', async () => {
    const user = userEvent.setup();
    const answer = createGate();
    mswServer.use(
      http.post('*/api/user/user/change_password/', async () => {
        await answer.passed();
        return HttpResponse.json({});
      }),
    );
    showProfile();

    await changePassword(user, {
      old: VALID_USER.password,
      next: 'Axali1234',
      confirm: 'Axali1234',
    });

    expect(await screen.findByRole('button', { name: ka.account.settingPassword })).toBeDisabled();
    answer.open();
    expect(await screen.findByRole('status')).toHaveTextContent(kaProfile.passwordChanged);
  });
});
