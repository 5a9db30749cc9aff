import { useEffect, useId, useRef, useState } from 'react';
import type { SessionTiming } from 'release-contract/runtime-config';
import { getSessionTiming } from 'release-contract/session-timing';
import { Button } from 'shared/ui/button';
import { kaInactivity } from '../../words/ka-inactivity';
import styles from './site-frame.module.css';
import { useInactivityTimer } from './use-inactivity-timer';

const t = kaInactivity;

/** mm:ss, as the visible clock shows it. */
export function formatClock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The point a screen reader hears for `seconds` left: each full minute, then 30 and 10
 * seconds. Announcing every second would drown out everything else the customer hears.
 */
export function announcementPoint(seconds: number): number {
  if (seconds > 60) return Math.ceil(seconds / 60) * 60;
  if (seconds > 30) return 60;
  if (seconds > 10) return 30;
  return 10;
}

function spoken(seconds: number): string {
  return seconds >= 60 && seconds % 60 === 0 ? t.minutes(seconds / 60) : t.seconds(seconds);
}

/**
 * What is said when a point is reached: the point itself when the clock is on it, else the time
 * the clock shows. A warning shorter than its first point (20 s: the point is 30) must not say
 * more time is left than the dialog reads.
 */
export function spokenSeconds(point: number, secondsLeft: number): number {
  return point - secondsLeft <= 1 ? point : secondsLeft;
}

/**
 * Warns a logged-in customer before an inactive session ends (WCAG 2.2.1): a modal dialog
 * with a visible mm:ss clock, a polite announcement at a few points only, and „continue",
 * which Escape also means (the safe choice). See decision 022.
 */
export function InactivityWarning({ timing = getSessionTiming() }: { timing?: SessionTiming }) {
  const { secondsLeft, keepSession } = useInactivityTimer(timing);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const open = secondsLeft !== null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      button.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // The live text changes only when the point does: on opening, then at each point passed.
  const point = secondsLeft === null ? null : announcementPoint(secondsLeft);
  const [said, setSaid] = useState<{ point: number; seconds: number } | null>(null);
  if (point !== (said?.point ?? null)) {
    setSaid(
      point === null || secondsLeft === null
        ? null
        : { point, seconds: spokenSeconds(point, secondsLeft) },
    );
  }

  return (
    <dialog
      ref={dialog}
      className={styles.inactivityDialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape: continuing is the safe choice, and the dialog closes through state.
        event.preventDefault();
        keepSession();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId}>{t.title}</h2>
          <p id={textId}>{t.text}</p>
          <p>
            {t.timeLeft} <time>{formatClock(secondsLeft)}</time>
          </p>
          <Button ref={button} onClick={keepSession}>
            {t.continue}
          </Button>
        </>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {said !== null ? t.announce(spoken(said.seconds)) : ''}
      </p>
    </dialog>
  );
}
