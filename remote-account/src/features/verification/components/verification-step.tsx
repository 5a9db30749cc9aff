import { type ReactNode, type Ref, useId } from 'react';
import { kaVerification } from '../ka-verification';
import styles from './verification.module.css';

export type StepTone = 'done' | 'todo' | 'waiting' | 'problem';

// The state is always written out; the mark and colour only repeat it.
const marks: Record<StepTone, string> = { done: '✓', todo: '○', waiting: '…', problem: '!' };

/**
 * One row of the verification list: its title and its state in words; a step still to do
 * also holds what to do next (its `children`), a done one only a success just reached.
 */
export function VerificationStep({
  title,
  state,
  tone,
  headingRef,
  children,
}: {
  title: string;
  state: string;
  tone: StepTone;
  /** Focused after the step changes (verified, uploaded), so the customer hears where they are. */
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <li
      className={tone === 'done' ? `${styles.step} ${styles.stepDone}` : styles.step}
      aria-labelledby={titleId}
    >
      <div className={styles.stepHeader}>
        <h3 id={titleId} ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
          {title}
        </h3>
        <p className={`${styles.state} ${styles[tone]}`}>
          <span className="visually-hidden">{kaVerification.stateLabel} </span>
          <span aria-hidden="true" className={styles.mark}>
            {marks[tone]}
          </span>{' '}
          {state}
        </p>
      </div>
      {children}
    </li>
  );
}
