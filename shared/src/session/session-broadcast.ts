/**
 * Tabs of the page share one session cookie but not their memory: when one tab stores or
 * removes the session, it says so here, and the others re-read the cookie (the auth store
 * follows). BroadcastChannel does not deliver a tab's message to itself.
 */
export const SESSION_CHANNEL = 'online-loan:session';

let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
    // Node (tests, tools) would otherwise stay alive for the channel.
    (channel as { unref?: () => void } | null)?.unref?.();
  }
  return channel;
}

/** Tells the other tabs that the session cookie changed. */
export function announceToOtherTabs(): void {
  sessionChannel()?.postMessage('session-changed');
}

/**
 * Calls `listener` when another tab changed the session cookie, and when this tab comes back
 * into view (a browser without BroadcastChannel, or a message missed while the tab slept).
 */
export function onOtherTabChange(listener: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  const channel = sessionChannel();
  channel?.addEventListener('message', listener);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  return () => {
    channel?.removeEventListener('message', listener);
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}
