import { type ReactNode, useId } from 'react';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { Skeleton } from 'shared/ui/skeleton';
import type { ActionFlow } from '../../hooks/use-action-flow';
import { ConfirmStep, type ConfirmWords, DoneMessage } from './confirm-step';
import styles from './money-action.module.css';

/** A quoted money action's words, as each action's copy names them. */
export interface ActionWords extends ConfirmWords {
  open: string;
  title: string;
  cancel: string;
  close: string;
}

/** A quote on its way: said at once to a screen reader, shown once the wait is noticeable. */
export function QuotePending({ label, height }: { label: string; height: string }) {
  const show = useDelayedFlag(true);
  return (
    <>
      <span className="visually-hidden">{label}</span>
      {show ? <Skeleton height={height} /> : null}
    </>
  );
}

/**
 * A money action the provider quotes first (pay off, withdraw), at whatever step its flow is:
 * the done message, the button that opens it, the confirmation stating the amount, or the
 * panel with the quote. The action brings its own quote, figures and way on; this brings the
 * rest, the same for each. A done message outlives `offered` (the loan it closed).
 */
export function ActionSteps<T>({
  flow,
  words,
  busyLabel,
  headingLevel,
  offered,
  done,
  onStart,
  trigger = (button) => button,
  confirm,
  busy,
  onConfirm,
  pending,
  next,
  note,
  children,
}: {
  flow: ActionFlow<T>;
  words: ActionWords;
  busyLabel: string;
  headingLevel: 3 | 4;
  offered: boolean;
  done: (result: T) => ReactNode;
  /** Clears what the action kept from the last time it was open. */
  onStart?: () => void;
  /** What stands around the opening button (the withdrawal's days left). */
  trigger?: (button: ReactNode) => ReactNode;
  /** The confirmation's statement and figures; none while there is no quote to confirm. */
  confirm: { statement: ReactNode; figures: ReactNode } | undefined;
  busy: boolean;
  onConfirm: () => void;
  /** The quote is on its way. */
  pending: boolean;
  /** The panel's way on (continue, pay today), before cancel. */
  next: ReactNode;
  /** Said after the refusal, before the buttons. */
  note?: ReactNode;
  /** The panel's content: the quote and what leads to it. */
  children: ReactNode;
}) {
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';

  if (flow.result !== null) {
    return (
      <DoneMessage closeLabel={words.close} onClose={flow.close}>
        {done(flow.result)}
      </DoneMessage>
    );
  }
  if (!offered) return null;
  if (flow.step === 'closed') {
    return trigger(
      <Button
        ref={flow.trigger}
        variant="secondary"
        className={styles.trigger}
        onClick={() => {
          onStart?.();
          flow.start();
        }}
      >
        {words.open}
      </Button>,
    );
  }
  if (flow.step === 'confirm' && confirm) {
    return (
      <ConfirmStep
        words={words}
        statement={confirm.statement}
        error={flow.refusal}
        busy={busy}
        busyLabel={busyLabel}
        onConfirm={onConfirm}
        onBack={flow.back}
        headingLevel={headingLevel}
      >
        {confirm.figures}
      </ConfirmStep>
    );
  }
  return (
    <section className={styles.panel} aria-labelledby={id} aria-busy={pending}>
      <Heading id={id} className={styles.title}>
        {words.title}
      </Heading>
      {children}
      {flow.refusal ? <Alert tone="error">{flow.refusal}</Alert> : null}
      {note}
      <div className={styles.actions}>
        {next}
        <Button variant="secondary" onClick={flow.cancel}>
          {words.cancel}
        </Button>
      </div>
    </section>
  );
}
