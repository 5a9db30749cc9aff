import { PHOTO_MAX_BYTES } from '../api/verification-photos';
import { kaVerification } from '../ka-verification';
import { checkPhoto } from './check-photo';

function fileOf(type: string, size: number): File {
  const file = new File(['x'], 'photo', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('checkPhoto', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp'])('accepts a %s image up to 5 MiB', (type) => {
    expect(checkPhoto(fileOf(type, PHOTO_MAX_BYTES))).toBeNull();
  });

  it.each(['application/pdf', 'image/gif', 'image/heic', ''])('refuses the type "%s"', (type) => {
    expect(checkPhoto(fileOf(type, 1000))).toBe(kaVerification.photos.wrongType);
  });

  it('refuses an image one byte over 5 MiB', () => {
    expect(checkPhoto(fileOf('image/png', PHOTO_MAX_BYTES + 1))).toBe(kaVerification.photos.tooBig);
  });
});
