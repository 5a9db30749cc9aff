import type { SessionEndReason } from 'shared/session/session-events';

/**
 * Tabs of the page share one session cookie but not their memory: when one tab stores or
 * removes the session, it says so here, and the others re-read the cookie (the auth store
 * follows). BroadcastChannel does not deliver a tab's message to itself.
 */
export const SESSION_CHANNEL = 'online-loan:session';

const REASONS: readonly SessionEndReason[] = ['banned', 'expired', 'elsewhere', 'inactive'];

/** The reason a message carries ({reason}), or undefined (a plain 'session-changed'). */
function reasonOf(data: unknown): SessionEndReason | undefined {
  const reason = (data as { reason?: unknown } | null)?.reason;
  return REASONS.find((known) => known === reason);
}

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

/**
 * Tells the other tabs that the session cookie changed, and why when it ended for a reason:
 * the message carries it, because another tab's localStorage may not show it yet.
 */
export function announceToOtherTabs(reason?: SessionEndReason): void {
  sessionChannel()?.postMessage(reason ? { reason } : 'session-changed');
}

/**
 * Calls `listener` when another tab changed the session cookie, and when this tab comes back
 * into view (a browser without BroadcastChannel, or a message missed while the tab slept).
 */
export function onOtherTabChange(listener: (reason?: SessionEndReason) => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  const onMessage = (event: MessageEvent) => listener(reasonOf(event.data));
  const channel = sessionChannel();
  channel?.addEventListener('message', onMessage);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  return () => {
    channel?.removeEventListener('message', onMessage);
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}
