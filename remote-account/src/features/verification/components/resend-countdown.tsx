import { format } from 'shared/strings/ka';
import type { Countdown } from '../hooks/use-countdown';
import { kaVerification } from '../ka-verification';
import styles from './verification.module.css';

/**
 * The wait before a code may be sent again. The visible seconds change every second without a
 * live region; screen readers hear the wait once when it starts and once when it ends.
 */
export function ResendCountdown({ countdown }: { countdown: Countdown }) {
  const running = countdown.secondsLeft > 0;
  const announcement = running
    ? format(kaVerification.resendWait, { seconds: countdown.startedWith })
    : countdown.finished
      ? kaVerification.resendReady
      : '';
  return (
    <>
      {running ? (
        <p className={styles.countdown}>
          {format(kaVerification.resendIn, { seconds: countdown.secondsLeft })}
        </p>
      ) : null}
      {/* Always in the page: a live region must exist before its text changes to be heard. */}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </>
  );
}
