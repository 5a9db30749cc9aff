import { act } from '@testing-library/react';
import type { User } from 'shared/api/user/user-details';
import { useAuthStore } from 'shared/auth/auth-store';
import { customer } from 'shared/testing/fixtures';
import { ISSUED_TOKENS } from 'shared/testing/handlers/user';

/**
 * Logs the `customer` fixture in, with `overrides`, as loaded: the session cookie is set too,
 * so `reloadUser` reaches the mock provider authorised.
 */
export function logInAs(overrides: Partial<User> = {}): User {
  const data: User = { ...customer, ...overrides };
  act(() => {
    useAuthStore.getState().setSession(ISSUED_TOKENS);
    useAuthStore.setState({ status: 'logged-in', user: { status: 'success', data } });
  });
  return data;
}

/** jsdom has no object URLs: stub them for previews, and put things back afterwards. */
export function stubObjectUrls() {
  const original = {
    create: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
    revoke: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
  };
  let count = 0;
  const create = vi.fn((_blob: Blob | MediaSource) => {
    count += 1;
    return `blob:http://localhost:3000/preview-${count}`;
  });
  const revoke = vi.fn((_url: string) => {});
  Object.defineProperty(URL, 'createObjectURL', { value: create, configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revoke, configurable: true });
  const restore = () => {
    for (const [name, descriptor] of [
      ['createObjectURL', original.create],
      ['revokeObjectURL', original.revoke],
    ] as const) {
      if (descriptor) Object.defineProperty(URL, name, descriptor);
      else Reflect.deleteProperty(URL, name);
    }
  };
  return { create, revoke, restore };
}

/** An image file of the given type; `size` overrides its byte count without allocating it. */
export function imageFile(name: string, type = 'image/jpeg', size?: number): File {
  const file = new File([`bytes of ${name}`], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
