import { DEFAULT_SESSION_TIMING, type SessionTiming } from './runtime-config';

/**
 * The inactivity timing of this page, set once by bootstrap from the runtime configuration
 * (the server renders with the defaults; the warning only runs in the browser anyway).
 */
let timing: SessionTiming = DEFAULT_SESSION_TIMING;

export function setSessionTiming(next: SessionTiming): void {
  timing = next;
}

export function getSessionTiming(): SessionTiming {
  return timing;
}
