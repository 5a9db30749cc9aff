import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '../api/verification-photos';
import { kaVerification } from '../ka-verification';

const allowedTypes: readonly string[] = PHOTO_TYPES;

/** The contract's upload rules, checked before anything is sent: a Georgian message, or null. */
export function checkPhoto(file: File): string | null {
  if (!allowedTypes.includes(file.type)) return kaVerification.photos.wrongType;
  if (file.size > PHOTO_MAX_BYTES) return kaVerification.photos.tooBig;
  return null;
}
