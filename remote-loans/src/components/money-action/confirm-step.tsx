import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import styles from './money-action.module.css';

/** A money action's words for its confirmation, as each action's copy names them. */
export interface ConfirmWords {
  confirmTitle: string;
  confirm: string;
  back: string;
}

/**
 * The confirmation every money action ends with: what will happen, in one sentence with the
 * amount, the figures behind it, and one button that sends it once (the write's `busy` keeps a
 * second click from sending again). It takes the focus when it opens, so a keyboard and a
 * screen reader land on what is being confirmed.
 */
export function ConfirmStep({
  words,
  statement,
  children,
  error,
  busy,
  busyLabel,
  onConfirm,
  onBack,
  headingLevel,
}: {
  words: ConfirmWords;
  statement: ReactNode;
  children?: ReactNode;
  /** The provider's refusal, in Georgian, shown beside the action. */
  error: string | null;
  busy: boolean;
  busyLabel: string;
  onConfirm: () => void;
  onBack: () => void;
  headingLevel: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  // Disabled at once; the words change only when the wait is long enough to notice (spec).
  const showBusy = useDelayedFlag(busy);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <Heading id={id} ref={heading} tabIndex={-1} className={styles.title}>
        {words.confirmTitle}
      </Heading>
      <p className={styles.statement}>{statement}</p>
      {children}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className={styles.actions}>
        <Button onClick={onConfirm} disabled={busy}>
          {showBusy ? busyLabel : words.confirm}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {words.back}
        </Button>
      </div>
    </section>
  );
}

/** What the customer hears when the action is done; it takes the focus from the gone form. */
export function DoneMessage({
  children,
  closeLabel,
  onClose,
}: {
  children: ReactNode;
  closeLabel: string;
  onClose: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <div ref={box} tabIndex={-1} className={styles.done}>
      <Alert tone="success">{children}</Alert>
      <Button variant="ghost" onClick={onClose}>
        {closeLabel}
      </Button>
    </div>
  );
}
