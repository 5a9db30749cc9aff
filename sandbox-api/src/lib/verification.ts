import type { Queryable } from '../db/database';
import type { UserRow } from '../plugins/auth';
import { LIMITS } from './products';

export type PhotosStatus = 'none' | 'pending' | 'approved' | 'rejected';
export const PHOTO_KINDS = ['id_front', 'id_back', 'selfie'] as const;

export interface PhotoView {
  id: number;
  kind: (typeof PHOTO_KINDS)[number];
  status: 'pending' | 'approved' | 'rejected';
  uploaded_at: string;
}

/**
 * A photo is decided automatically `delaySeconds` after upload: a pending photo past that
 * point reads as approved. Deriving it from the clock needs no background job and survives
 * restarts.
 */
export function effectivePhotoStatus(
  stored: 'pending' | 'approved' | 'rejected',
  uploadedAt: Date,
  now: Date,
  delaySeconds: number,
): PhotoView['status'] {
  if (stored !== 'pending') return stored;
  return now.getTime() - uploadedAt.getTime() >= delaySeconds * 1000 ? 'approved' : 'pending';
}

/** The newest photo of each kind, with its effective status. */
export async function currentPhotos(
  q: Queryable,
  userId: number,
  now: Date,
  delaySeconds: number,
): Promise<PhotoView[]> {
  const rows = await q.query<{
    id: number;
    kind: PhotoView['kind'];
    status: PhotoView['status'];
    uploaded_at: Date;
  }>(
    `SELECT DISTINCT ON (kind) id, kind, status, uploaded_at
       FROM photos WHERE user_id = $1 ORDER BY kind, uploaded_at DESC, id DESC`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: effectivePhotoStatus(row.status, new Date(row.uploaded_at), now, delaySeconds),
    uploaded_at: new Date(row.uploaded_at).toISOString(),
  }));
}

/** none: a kind is missing; rejected: any rejected; approved: all approved; else pending. */
export function photosStatusOf(photos: readonly PhotoView[]): PhotosStatus {
  if (PHOTO_KINDS.some((kind) => !photos.some((photo) => photo.kind === kind))) return 'none';
  if (photos.some((photo) => photo.status === 'rejected')) return 'rejected';
  if (photos.every((photo) => photo.status === 'approved')) return 'approved';
  return 'pending';
}

export interface Verification {
  photos_status: PhotosStatus;
  full_verification: boolean;
}

/** full_verification: e-mail and phone verified and photos approved (the contract's rule). */
export async function verificationOf(
  q: Queryable,
  user: Pick<UserRow, 'id' | 'email_verified' | 'phone_verified'>,
  now: Date,
  delaySeconds: number,
): Promise<Verification> {
  const photosStatus = photosStatusOf(await currentPhotos(q, user.id, now, delaySeconds));
  return {
    photos_status: photosStatus,
    full_verification: user.email_verified && user.phone_verified && photosStatus === 'approved',
  };
}

export interface Limit {
  amount_limit: string;
  term_limit: number[];
}

export function limitFor(fullVerification: boolean): Limit {
  const limit = fullVerification ? LIMITS.verified : LIMITS.unverified;
  return { amount_limit: limit.amountLimit, term_limit: [...limit.termLimit] };
}
