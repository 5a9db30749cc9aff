import { SESSION_COOKIE } from 'shared/auth/session-cookie-name';
import { remoteNameOf } from 'shared/federation/remote-modules';
import { firstScreenModules } from '../src/federation/first-screen';
import type { RuntimeConfig } from '../src/federation/runtime-config';

/** Whether a Cookie header carries a session cookie (its contents are the browser's business). */
export function hasSession(cookieHeader: string | undefined): boolean {
  const cookies = String(cookieHeader ?? '').split(/;\s*/);
  const prefix = `${SESSION_COOKIE}=`;
  return cookies.some((cookie) => cookie.startsWith(prefix) && cookie.length > prefix.length);
}

/**
 * The remotes whose manifests the page hints. The home page loads only its first screen's
 * at once (a visitor's account slice waits for intent, decision 014): hinting the others
 * would spend a phone's bandwidth on files the page may never read.
 */
export function remotesToHint(config: RuntimeConfig, pathname: string, loggedIn: boolean) {
  if (pathname !== '/') return config.remotes;
  const needed = new Set(firstScreenModules(loggedIn).map(remoteNameOf));
  return config.remotes.filter((remote) => needed.has(remote.name));
}
