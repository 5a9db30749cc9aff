import type { Session } from 'shared/auth/session-cookie';

/** Why the provider ended a session the customer did not end: shown to them afterwards. */
export type SessionEndReason = 'banned' | 'expired';

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
