import { type Ref, useId } from 'react';
import { PHOTO_TYPES, type PhotoKind } from 'shared/api/user/verification-photos';
import { format, ka } from 'shared/strings/ka';
import { useObjectUrl } from '../hooks/use-object-url';
import styles from './photos.module.css';

// On phones the ID sides open the back camera, the selfie the front one.
const captureOf: Record<PhotoKind, 'environment' | 'user'> = {
  id_front: 'environment',
  id_back: 'environment',
  selfie: 'user',
};

/**
 * One photo to choose: a labelled file input with its hint and error tied to it, and a
 * thumbnail of the chosen image. `onChoose` answers false to refuse a file (wrong type, too big).
 */
export function PhotoInput({
  kind,
  file,
  error,
  disabled,
  inputRef,
  onChoose,
}: {
  kind: PhotoKind;
  file: File | null;
  error: string | undefined;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChoose: (kind: PhotoKind, file: File | null) => boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const preview = useObjectUrl(file);
  const label = ka.verification.photos.kinds[kind];
  return (
    <div className={styles.photoField}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <span id={hintId} className={styles.hint}>
        {ka.verification.photos.hint}
      </span>
      <input
        id={id}
        ref={inputRef}
        className={styles.fileInput}
        type="file"
        name={kind}
        accept={PHOTO_TYPES.join(',')}
        capture={captureOf[kind]}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          // A refused file is cleared from the input too, so the input shows what will be sent.
          if (!onChoose(kind, chosen)) event.target.value = '';
        }}
      />
      {error ? (
        <span id={errorId} className={styles.fieldError}>
          {error}
        </span>
      ) : null}
      {preview ? (
        <img
          className={styles.thumbnail}
          src={preview}
          alt={format(ka.verification.photos.preview, { kind: label })}
        />
      ) : null}
    </div>
  );
}
