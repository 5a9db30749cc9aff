import { type ChangeEvent, type Ref, useId } from 'react';
import { format } from 'shared/strings/ka';
import { PHOTO_TYPES, type PhotoKind } from '../api/verification-photos';
import { useObjectUrl } from '../hooks/use-object-url';
import { kaVerification } from '../ka-verification';
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
 *
 * The browser's own file button speaks the browser's language, so the inputs are hidden
 * behind Georgian buttons (their labels). Touch screens get a second input that opens the
 * camera: `capture` alone would take the gallery away from phones.
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
  const labelId = `${id}-label`;
  const chooseId = `${id}-choose`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const fileNameId = `${id}-file`;
  const preview = useObjectUrl(file);
  const t = kaVerification.photos;
  const label = t.kinds[kind];
  const describedBy = [hintId, fileNameId, error ? errorId : null].filter(Boolean).join(' ');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // A refused file is cleared from the input too, so the input shows what will be sent.
    if (!onChoose(kind, chosen)) event.target.value = '';
  };

  const common = {
    type: 'file',
    name: kind,
    accept: PHOTO_TYPES.join(','),
    disabled,
    className: styles.fileInput,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onChange,
  } as const;

  return (
    <div className={styles.photoField}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <span id={hintId} className={styles.hint}>
        {t.hint}
      </span>
      <div className={styles.pickers}>
        <input id={id} ref={inputRef} aria-labelledby={`${labelId} ${chooseId}`} {...common} />
        <label id={chooseId} htmlFor={id} className={styles.pickButton}>
          {t.choose}
        </label>
        <input
          id={`${id}-camera`}
          capture={captureOf[kind]}
          aria-label={format(t.takePhotoOf, { kind: label })}
          {...common}
          className={`${styles.fileInput} ${styles.cameraInput}`}
        />
        <label htmlFor={`${id}-camera`} className={`${styles.pickButton} ${styles.cameraButton}`}>
          {t.takePhoto}
        </label>
      </div>
      <span id={fileNameId} className={styles.fileName}>
        {file ? file.name : t.noFile}
      </span>
      {error ? (
        <span id={errorId} className={styles.fieldError}>
          {error}
        </span>
      ) : null}
      {preview ? (
        <img className={styles.thumbnail} src={preview} alt={format(t.preview, { kind: label })} />
      ) : null}
    </div>
  );
}
