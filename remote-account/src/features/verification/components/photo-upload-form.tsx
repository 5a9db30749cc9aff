import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { type Control, useController, useForm } from 'react-hook-form';
import type { ApiError } from 'shared/api/api-error';
import { FormAlert } from 'shared/forms/form-alert';
import { SubmitButton } from 'shared/forms/submit-button';
import { handleSubmitWrite } from 'shared/forms/submit-write';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { format } from 'shared/strings/ka';
import * as z from 'shared/validation/zod';
import { PHOTO_KINDS, type PhotoKind } from '../api/verification-photos';
import { useUploadPhotos } from '../hooks/use-upload-photos';
import { kaVerification } from '../ka-verification';
import { checkPhoto } from '../lib/check-photo';
import { PhotoInput } from './photo-input';
import styles from './photos.module.css';

const copy = kaVerification.photos;

/** One photo: chosen, and by the contract's rules (type, size), checked before anything is sent. */
const photoSchema = z
  .custom<File | null>((value) => value instanceof File, { error: copy.required })
  .check(
    z.superRefine((file, context) => {
      const problem = file ? checkPhoto(file) : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  );
const photosSchema = z.object({ id_front: photoSchema, id_back: photoSchema, selfie: photoSchema });
type PhotoValues = z.input<typeof photosSchema>;

const noFiles: PhotoValues = { id_front: null, id_back: null, selfie: null };

/** A 413 says the photos are too big: the form says how big they may be. */
function describe(error: ApiError): string | null {
  return error.status === 413 || error.code === 'file_too_large' ? copy.fileTooLarge : null;
}

/** One photo input bound to the form: its file, its error and its focus. */
function PhotoField({
  control,
  kind,
  disabled,
  onChoose,
}: {
  control: Control<PhotoValues>;
  kind: PhotoKind;
  disabled: boolean;
  onChoose: (kind: PhotoKind, file: File | null) => boolean;
}) {
  const { field, fieldState } = useController({ control, name: kind });
  // A refused file is not the customer's choice: neither its name nor its preview is shown.
  const chosen = field.value && checkPhoto(field.value) === null ? field.value : null;
  return (
    <PhotoInput
      kind={kind}
      file={chosen}
      error={fieldState.error?.message}
      disabled={disabled}
      inputRef={field.ref}
      onChoose={onChoose}
    />
  );
}

/**
 * The three photos (ID front, ID back, selfie), each checked when chosen, sent together with a
 * progress bar. Afterwards the customer is re-fetched, so the step shows the review under way.
 */
export function PhotoUploadForm({ onUploaded }: { onUploaded: () => void }) {
  const [share, setShare] = useState(0);
  const upload = useUploadPhotos();
  const progressId = useId();
  const form = useForm({ resolver: zodResolver(photosSchema), defaultValues: noFiles });
  // The inputs are locked only while the photos travel, not while the form checks them: the
  // form focuses the first photo in error, and a disabled input cannot take focus. Its own
  // state, not the write's: a refusal unlocks them at once, before its error takes focus.
  const [sending, setSending] = useState(false);
  const showProgress = useDelayedFlag(sending);

  // A chosen file is checked at once; answering false clears the refused file from its input.
  const onChoose = (kind: PhotoKind, file: File | null): boolean => {
    form.setValue(kind, file, { shouldValidate: file !== null });
    if (file === null) form.clearErrors(kind);
    return file === null || checkPhoto(file) === null;
  };

  const onSubmit = handleSubmitWrite(form, {
    send: async ({ id_front, id_back, selfie }) => {
      if (!id_front || !id_back || !selfie) return undefined;
      setShare(0);
      setSending(true);
      try {
        return await upload.send({ files: { id_front, id_back, selfie }, onProgress: setShare });
      } finally {
        // Unlocked on screen before the answer is handled, so a refused photo can take focus.
        flushSync(() => setSending(false));
      }
    },
    onSent: onUploaded,
    fields: PHOTO_KINDS,
    describe,
  });

  const percent = Math.round(share * 100);
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert control={form.control} />
      <div className={styles.photoFields}>
        {PHOTO_KINDS.map((kind) => (
          <PhotoField
            key={kind}
            control={form.control}
            kind={kind}
            disabled={sending}
            onChoose={onChoose}
          />
        ))}
      </div>
      {showProgress ? (
        <div className={styles.progress}>
          <label htmlFor={progressId}>{copy.progress}</label>
          <progress id={progressId} max={100} value={percent}>
            {format(copy.progressValue, { percent })}
          </progress>
          <span aria-hidden="true">{format(copy.progressValue, { percent })}</span>
        </div>
      ) : null}
      <SubmitButton control={form.control} busyLabel={copy.uploading}>
        {copy.upload}
      </SubmitButton>
    </form>
  );
}
