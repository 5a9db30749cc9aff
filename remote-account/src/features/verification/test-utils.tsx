import { screen } from '@testing-library/react';
import { render } from 'shared/testing/render';
import { VerificationPanel } from './components/verification-panel';
import { kaVerification } from './ka-verification';

/** Renders the panel and waits for the customer's steps (logInAs first). */
export async function showPanel() {
  const view = render(<VerificationPanel />);
  await screen.findByRole('list', { name: kaVerification.stepsLabel });
  return view;
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
