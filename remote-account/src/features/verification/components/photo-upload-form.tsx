import { type FormEvent, useId, useRef, useState } from 'react';
import { type ApiError, toApiError } from 'shared/api/api-error';
import { useAuthStore } from 'shared/auth/auth-store';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { useSubmit } from '../../../hooks/use-submit';
import { formErrorMessage } from '../../../lib/form-errors';
import { PHOTO_KINDS, type PhotoKind, uploadVerificationPhotos } from '../api/verification-photos';
import { kaVerification } from '../ka-verification';
import { checkPhoto } from '../lib/check-photo';
import { PhotoInput } from './photo-input';
import styles from './photos.module.css';

type Files = Record<PhotoKind, File | null>;
type PhotoErrors = Partial<Record<PhotoKind, string>>;

const noFiles: Files = { id_front: null, id_back: null, selfie: null };
const copy = kaVerification.photos;

function formMessage(error: ApiError | null): string | null {
  if (error && (error.status === 413 || error.code === 'file_too_large')) return copy.fileTooLarge;
  return formErrorMessage(error, PHOTO_KINDS);
}

/**
 * The three photos (ID front, ID back, selfie), each checked when chosen, sent together with a
 * progress bar. Afterwards the customer is re-fetched, so the step shows the review under way.
 */
export function PhotoUploadForm({ onUploaded }: { onUploaded: () => void }) {
  const [files, setFiles] = useState<Files>(noFiles);
  const [errors, setErrors] = useState<PhotoErrors>({});
  const [share, setShare] = useState(0);
  const submit = useSubmit();
  const inputs = useRef<Partial<Record<PhotoKind, HTMLInputElement | null>>>({});
  const progressId = useId();

  const onChoose = (kind: PhotoKind, file: File | null): boolean => {
    const problem = file ? checkPhoto(file) : null;
    setErrors((current) => ({ ...current, [kind]: problem ?? undefined }));
    setFiles((current) => ({ ...current, [kind]: problem ? null : file }));
    return problem === null;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { id_front, id_back, selfie } = files;
    if (!id_front || !id_back || !selfie) {
      const missing = PHOTO_KINDS.filter((kind) => files[kind] === null);
      setErrors((current) => {
        const next = { ...current };
        for (const kind of missing) next[kind] ??= copy.required;
        return next;
      });
      if (missing[0]) inputs.current[missing[0]]?.focus();
      return;
    }
    setShare(0);
    void submit.run(async () => {
      try {
        await uploadVerificationPhotos({ id_front, id_back, selfie }, setShare);
      } catch (error) {
        const apiError = toApiError(error);
        const fieldErrors: PhotoErrors = {};
        for (const kind of PHOTO_KINDS) fieldErrors[kind] = apiError.fieldErrors[kind]?.[0];
        setErrors(fieldErrors);
        throw apiError;
      }
      // The provider now reviews them: the fresh customer says photos_status "pending".
      await useAuthStore.getState().reloadUser();
      onUploaded();
    });
  };

  const formError = formMessage(submit.error);
  const percent = Math.round(share * 100);

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className={styles.photoFields}>
        {PHOTO_KINDS.map((kind) => (
          <PhotoInput
            key={kind}
            kind={kind}
            file={files[kind]}
            error={errors[kind]}
            disabled={submit.pending}
            inputRef={(element) => {
              inputs.current[kind] = element;
            }}
            onChoose={onChoose}
          />
        ))}
      </div>
      {submit.showPending ? (
        <div className={styles.progress}>
          <label htmlFor={progressId}>{copy.progress}</label>
          <progress id={progressId} max={100} value={percent}>
            {format(copy.progressValue, { percent })}
          </progress>
          <span aria-hidden="true">{format(copy.progressValue, { percent })}</span>
        </div>
      ) : null}
      <Button type="submit" disabled={submit.pending}>
        {submit.showPending ? copy.uploading : copy.upload}
      </Button>
    </form>
  );
}
