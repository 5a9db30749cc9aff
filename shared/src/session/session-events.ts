/**
 * Why a session ended that the customer did not end in this tab, shown to them afterwards:
 * the provider banned them or refused a refresh, they logged out in another tab, or they were
 * inactive too long (decision 022).
 */
export type SessionEndReason = 'banned' | 'expired' | 'elsewhere' | 'inactive';

type Listener = (reason: SessionEndReason) => void;

const listeners = new Set<Listener>();

/**
 * The API client ends a session on its own (a banned answer, a refused refresh, a logout in
 * another tab); the auth store listens here. An event rather than an import keeps the client
 * (below) free of the store (above it), which itself calls the API. A refresh needs no event:
 * the cookie is the session, and everyone reads it there.
 */
export function onSessionEnd(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceSessionEnd(reason: SessionEndReason): void {
  for (const listener of listeners) listener(reason);
}
