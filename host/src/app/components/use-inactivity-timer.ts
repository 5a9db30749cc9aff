import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionTiming } from 'release-contract/runtime-config';
import { useAuthStore } from 'shared/auth/auth-store';
import {
  onActivityElsewhere,
  readLastActivity,
  writeActivity,
} from 'shared/session/session-activity';
import { pauseActivityReports, reportAndRecord } from './use-activity-reports';

/** How often the clock is recomputed; each tick reads the time, so a slept tab catches up. */
const TICK_MS = 1000;

export interface InactivityTimer {
  /** Seconds left before logout while the warning shows, else null. */
  secondsLeft: number | null;
  /** The customer chose to continue: counts as activity in every tab. */
  keepSession: () => void;
}

/**
 * The inactivity clock of a logged-in page (decision 022): the deadline is the newest activity
 * of any tab plus `idleSeconds`; the warning shows for the last `warningSeconds`; at zero the
 * session ends with reason `inactive`, here and (through the auth store) in the other tabs.
 * The activity it reads is the server's (decision 027): the shell reports the customer's input
 * and records the moment the server counted (use-activity-reports), so this clock and the
 * server's end together. Runs only in effects, and only while logged in.
 */
export function useInactivityTimer(timing: SessionTiming): InactivityTimer {
  const loggedIn = useAuthStore((state) => state.status === 'logged-in');
  const logout = useAuthStore((state) => state.logout);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastActivity = useRef(0);
  const warning = useRef(false);
  const tick = useRef<() => void>(() => {});

  useEffect(() => {
    if (!loggedIn) {
      warning.current = false;
      setSecondsLeft(null);
      return;
    }
    const { idleSeconds, warningSeconds } = timing;
    // Opening or reloading a logged-in page is itself activity.
    const now = Date.now();
    lastActivity.current = Math.max(now, readLastActivity() ?? 0);
    writeActivity(lastActivity.current);

    const update = () => {
      const newest = Math.max(lastActivity.current, readLastActivity() ?? 0);
      lastActivity.current = newest;
      const msLeft = newest + idleSeconds * 1000 - Date.now();
      if (msLeft <= 0) {
        warning.current = false;
        setSecondsLeft(null);
        void logout('inactive');
        return;
      }
      warning.current = msLeft <= warningSeconds * 1000;
      pauseActivityReports(warning.current);
      setSecondsLeft(warning.current ? Math.ceil(msLeft / 1000) : null);
    };
    tick.current = update;
    const onActivity = (at: number) => {
      lastActivity.current = Math.max(lastActivity.current, at);
      update();
    };
    const stopListening = onActivityElsewhere(onActivity);
    const interval = window.setInterval(update, TICK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') update();
    };
    document.addEventListener('visibilitychange', onVisible);
    update();
    return () => {
      pauseActivityReports(false);
      stopListening();
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
      tick.current = () => {};
    };
  }, [loggedIn, logout, timing]);

  const keepSession = useCallback(() => {
    const now = Date.now();
    lastActivity.current = now;
    writeActivity(now);
    tick.current();
    // The server's clock starts again too; its answer is what the clock follows from now.
    void reportAndRecord().then(() => tick.current());
  }, []);

  return { secondsLeft, keepSession };
}
