import { useCallback, useEffect, useState } from 'react';

export interface Countdown {
  /** Whole seconds left, 0 when not running. */
  secondsLeft: number;
  /** The length of the last countdown started, for an announcement made once at its start. */
  startedWith: number;
  /** True once a countdown has run to its end (until the next one starts). */
  finished: boolean;
  start: (seconds: number) => void;
}

/**
 * A seconds countdown to a deadline (a resend throttle, say). It reads the clock on each tick
 * rather than counting ticks, so a tab the browser slowed down still ends on time.
 */
export function useCountdown(): Countdown {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [startedWith, setStartedWith] = useState(0);
  const [finished, setFinished] = useState(false);

  const start = useCallback((seconds: number) => {
    const whole = Math.max(0, Math.ceil(seconds));
    setStartedWith(whole);
    setSecondsLeft(whole);
    setFinished(whole === 0);
    setDeadline(whole > 0 ? Date.now() + whole * 1000 : null);
  }, []);

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        setDeadline(null);
        setFinished(true);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return { secondsLeft, startedWith, finished, start };
}
