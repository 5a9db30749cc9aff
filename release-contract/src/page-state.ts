import type { DehydratedState } from '@tanstack/react-query';
import type { SessionState } from 'shared/api/user/server-session';
import * as z from 'shared/validation/zod';
import type { RemoteModuleId } from './remotes';

/** Whom a page is for: a visitor, or a customer with a session. */
export type Audience = 'visitor' | 'customer';

/** The element the server's page state travels in: data, never an inline script (CSP). */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/**
 * What the server hands the browser with a rendered page (decision 020): the answers it
 * rendered with (TanStack Query's dehydrated cache), the router's state, and the release
 * each server-rendered slot came from.
 */
export interface PageState {
  /** Whom the server rendered it for: the browser hydrates it only when it agrees. */
  audience: Audience;
  queries: DehydratedState;
  router: {
    loaderData: Record<string, unknown>;
    actionData: Record<string, unknown> | null;
    /** Route errors, a RouteErrorResponse as its fields (revived by the browser). */
    errors: Record<string, SerializedRouteError> | null;
  };
  slots: Partial<Record<RemoteModuleId, ServerSlot>>;
  /**
   * A customer's session clocks, when the server counted the page's opening as their activity
   * (decision 022): the page records them instead of reporting its opening.
   */
  session?: SessionState;
}

/** A slot the server rendered: its remote's release, and the answers its slice asked for. */
export interface ServerSlot {
  release: string;
  /** The query hashes the slice's `prefetchOnServer` put in the page's cache. */
  queries: string[];
}

export interface SerializedRouteError {
  status: number;
  statusText: string;
  data: unknown;
}

/**
 * The session's clocks as shared/api/user/server-session's schema reads them, declared here: the
 * host's server reads this module, and that one brings the page's cookie reader with it.
 */
const sessionClocksSchema = z.object({
  idle_seconds: z.number().check(z.positive()),
  idle_left_seconds: z.number().check(z.nonnegative()),
  max_left_seconds: z.number().check(z.nonnegative()),
}) satisfies z.ZodMiniType<SessionState>;

/** The router's state as the page carries it (PageState's `router`). */
export const routerStateSchema = z.object({
  loaderData: z.record(z.string(), z.unknown()),
  actionData: z.nullable(z.record(z.string(), z.unknown())),
  errors: z.nullable(
    z.record(
      z.string(),
      z.object({ status: z.number(), statusText: z.string(), data: z.unknown() }),
    ),
  ),
});

export const pageStateSchema = z.object({
  audience: z.enum(['visitor', 'customer']),
  queries: z.object({ queries: z.array(z.unknown()), mutations: z.array(z.unknown()) }),
  router: routerStateSchema,
  slots: z.record(z.string(), z.object({ release: z.string(), queries: z.array(z.string()) })),
  session: z.optional(sessionClocksSchema),
});

/**
 * The page's state, or undefined for a page the browser renders alone: no such element, or
 * one that is not a page state (then the browser renders the page afresh, and says why).
 */
export function readPageState(root: Document): PageState | undefined {
  const element = root.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return pageStateSchema.parse(JSON.parse(element.textContent)) as PageState;
  } catch (error) {
    console.warn('[hydration] the page state is unreadable: the page is rendered afresh', error);
    return undefined;
  }
}
