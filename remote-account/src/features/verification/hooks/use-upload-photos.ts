import { useQueryClient } from '@tanstack/react-query';
import { accountKeys } from 'shared/query/account-queries';
import { useWrite } from 'shared/query/use-write';
import { type PhotoKind, photosQuery, uploadVerificationPhotos } from '../api/verification-photos';

export interface PhotoUpload {
  files: Record<PhotoKind, Blob>;
  /** The share sent so far, 0 to 1. */
  onProgress: (share: number) => void;
}

/**
 * Sending the three photos. The answer is the photos as the provider now has them; the
 * customer is then asked again (photos_status "pending") before the send resolves, so the
 * step shows the review under way.
 */
export function useUploadPhotos() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationKey: ['account', 'upload-photos'],
    mutationFn: ({ files, onProgress }: PhotoUpload) => uploadVerificationPhotos(files, onProgress),
    onSuccess: async (sent) => {
      queryClient.setQueryData(photosQuery.queryKey, sent);
      await queryClient.invalidateQueries({ queryKey: accountKeys.user });
    },
  });
}
