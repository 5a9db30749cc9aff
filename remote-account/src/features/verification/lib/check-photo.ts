import { PHOTO_MAX_BYTES, PHOTO_TYPES } from 'shared/api/user/verification-photos';
import { ka } from 'shared/strings/ka';

const allowedTypes: readonly string[] = PHOTO_TYPES;

/** The contract's upload rules, checked before anything is sent: a Georgian message, or null. */
export function checkPhoto(file: File): string | null {
  if (!allowedTypes.includes(file.type)) return ka.verification.photos.wrongType;
  if (file.size > PHOTO_MAX_BYTES) return ka.verification.photos.tooBig;
  return null;
}
