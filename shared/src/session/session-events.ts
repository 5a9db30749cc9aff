import type { Session } from 'shared/auth/session-cookie';

/**
 * Why a session ended that the customer did not end in this tab, shown to them afterwards:
 * the provider banned them or refused a refresh, or they logged out in another tab.
 */
export type SessionEndReason = 'banned' | 'expired' | 'elsewhere';

export type SessionChange =
  | { type: 'refreshed'; session: Session }
  | { type: 'ended'; reason: SessionEndReason };

type Listener = (change: SessionChange) => void;

const listeners = new Set<Listener>();

/**
 * The API client changes the session on its own (a token refresh, a banned answer); the auth
 * store listens here. An event rather than an import keeps the client free of the store, which
 * itself calls the API.
 */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceSessionChange(change: SessionChange): void {
  for (const listener of listeners) listener(change);
}
