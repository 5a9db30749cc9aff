import { queryOptions } from '@tanstack/react-query';
import { requestJson } from 'shared/api/request-json';
import { type PhotosStatus, photosStatusSchema } from 'shared/api/user/user-details';
import { accountKeys } from 'shared/query/account-queries';
import * as z from 'shared/validation/zod';

export const PHOTO_KINDS = ['id_front', 'id_back', 'selfie'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** The contract's upload rules: JPEG, PNG or WebP, 5 MiB each at most. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** A sent photo's status: every customer's photos status but 'none'. */
const sentPhotoStatuses = photosStatusSchema.options.filter(
  (status): status is Exclude<PhotosStatus, 'none'> => status !== 'none',
);

export const photoSchema = z.object({
  id: z.int(),
  kind: z.enum(PHOTO_KINDS),
  status: z.enum(sentPhotoStatuses),
  uploaded_at: z.string().check(z.minLength(10)),
});
export type Photo = z.infer<typeof photoSchema>;

/** The photos as the page lists them, front, back, selfie: the contract gives the list no order. */
function inKindOrder(photos: Photo[]): Photo[] {
  return [...photos].sort((a, b) => PHOTO_KINDS.indexOf(a.kind) - PHOTO_KINDS.indexOf(b.kind));
}

/** GET /api/user/user/personal_verification_photos/: the current photo of each kind sent. */
export async function fetchVerificationPhotos(signal?: AbortSignal): Promise<Photo[]> {
  const photos = await requestJson(z.array(photoSchema), {
    method: 'GET',
    url: '/api/user/user/personal_verification_photos/',
    signal,
  });
  return inKindOrder(photos);
}

/** The photos sent so far: under `account`, so the page forgets them when the session ends. */
export const photosQuery = queryOptions({
  queryKey: [...accountKeys.all, 'photos'] as const,
  queryFn: ({ signal }) => fetchVerificationPhotos(signal),
});

/**
 * POST /api/user/user/personal_verification_photos/ (multipart): any non-empty subset of the
 * three kinds. `onProgress` gets the share sent so far, 0 to 1.
 */
export async function uploadVerificationPhotos(
  files: Partial<Record<PhotoKind, Blob>>,
  onProgress?: (share: number) => void,
): Promise<Photo[]> {
  const form = new FormData();
  for (const kind of PHOTO_KINDS) {
    const file = files[kind];
    if (file) form.append(kind, file);
  }
  const sent = await requestJson(z.array(photoSchema), {
    method: 'POST',
    url: '/api/user/user/personal_verification_photos/',
    data: form,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.min(1, event.loaded / event.total));
    },
  });
  return inKindOrder(sent);
}
