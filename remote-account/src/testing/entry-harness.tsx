/*
 * What the account entry's tests share: rendering it in a router, reading the session cookie,
 * and the login dialog's steps.
 */
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ka } from 'shared/strings/ka';
import { customer } from 'shared/testing/fixtures';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import AccountEntry from '../app/account-entry';
import { kaAccount } from '../lib/ka-account';

export const fullyVerified = {
  ...customer,
  email_verified: true,
  phone_verified: true,
  photos_status: 'approved' as const,
  full_verification: true,
};

/** A cookie as the page stores it (js-cookie writes URI-encoded values); undefined if unset. */
export function readCookie(name: string): string | undefined {
  const pair = document.cookie
    .split('; ')
    .map((part) => part.split('='))
    .find(([key]) => key === name);
  const value = pair ? decodeURIComponent(pair.slice(1).join('=')) : '';
  return value === '' ? undefined : value;
}

/** The entry in a router of its own, with what else the page has after it (`after`). */
export function renderEntry(after?: ReactNode, at = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <AccountEntry />
            {after}
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Records every login request's body; the shared user handlers still answer it. */
export function watchLogins(): unknown[] {
  const bodies: unknown[] = [];
  mswServer.use(
    http.post('*/api/user/api/token/', async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

/** Opens the login dialog with the header's login button; returns that button and the dialog. */
export async function openLogin(user: ReturnType<typeof userEvent.setup>) {
  const trigger = screen.getByRole('button', { name: ka.account.login });
  await user.click(trigger);
  const dialog = screen.getByRole('dialog', { name: kaAccount.loginTitle });
  // The form loads when the panel opens (it is not part of a visitor's first load).
  await within(dialog).findByLabelText(kaAccount.personalNumber);
  return { trigger, dialog };
}

export async function fillLogin(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  values: { username: string; password: string },
) {
  if (values.username) {
    await user.type(within(dialog).getByLabelText(kaAccount.personalNumber), values.username);
  }
  if (values.password) {
    await user.type(within(dialog).getByLabelText(kaAccount.password), values.password);
  }
  await user.click(within(dialog).getByRole('button', { name: kaAccount.submitLogin }));
}
