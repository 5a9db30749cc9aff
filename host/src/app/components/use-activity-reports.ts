import { useEffect } from 'react';
import { reportActivity, type SessionState } from 'shared/api/user/server-session';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { recordServerClock, trackActivity } from 'shared/session/session-activity';

/*
 * The host's server ends a session the customer leaves alone (decision 027), so it must hear
 * of their activity: a page's reads (polls) do not count. This runs in the shell, not in the
 * warning's lazy chunk: if that chunk cannot load, an active customer still keeps their session.
 */

let paused = false;
/** Whether the server counted this page's opening and sent its clocks with the page. */
let openingCounted = false;

/** While the warning is open, activity does not count: it asks for a deliberate „continue". */
export function pauseActivityReports(pause: boolean): void {
  paused = pause;
}

/**
 * The server counted the page's opening as activity and sent its clocks (`at`: when the page
 * came): recorded for every tab, and the opening is not reported again. Before the first render.
 */
export function openedWithServerClock(state: SessionState, at?: number): void {
  recordServerClock(state, at);
  openingCounted = true;
}

/** Tells the server the customer is active, and records its clock for every tab. */
export async function reportAndRecord(): Promise<void> {
  try {
    recordServerClock(await reportActivity());
  } catch (error) {
    // The next report, or the next call, says whether the session still holds.
    console.warn('the session activity could not be reported', error);
  }
}

/** While logged in: opening the page and the customer's input (throttled) are reported. */
export function useActivityReports(): void {
  const loggedIn = useLoggedIn();
  useEffect(() => {
    if (!loggedIn) return;
    // Opening or reloading a logged-in page is itself activity (decision 022): the server
    // counted it when it rendered the page, or the page says so now. A later login is reported.
    if (openingCounted) openingCounted = false;
    else void reportAndRecord();
    return trackActivity(
      () => void reportAndRecord(),
      () => paused,
    );
  }, [loggedIn]);
}
