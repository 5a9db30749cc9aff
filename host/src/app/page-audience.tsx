import { createContext, useContext } from 'react';
import type { Audience } from 'release-contract/page-state';
import type { RemoteModuleId } from 'release-contract/remotes';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { useHydrating } from '../lib/use-hydrating';

/**
 * Whom the server renders a page for, from the request's session cookie (decision 020). The
 * auth store is the browser's: on the server it knows no session, and one store shared by
 * every request could not know whose it is. Provided only there.
 */
export const ServerAudienceContext = createContext<Audience | undefined>(undefined);

/**
 * Whether the server rendered a customer's page with their account (issue 29): true on the
 * server for such a render, and in the browser while it hydrates one (bootstrap reads it from
 * the page state). Without it, a customer's page hydrates as the server saw it: data unknown.
 */
export const ServerAccountContext = createContext(false);

/**
 * The slots the server rendered whole, with their data (the page state's `slots`): on the
 * server for its render, and in the browser while it hydrates that page. Such a slot shows
 * from the first paint what it will show, so nothing below it waits for it (SlotList).
 */
export const ServerRenderedSlotsContext = createContext<ReadonlySet<RemoteModuleId>>(new Set());

/**
 * Whether the shell shows a customer's page: the server's audience on the server, the auth
 * store in the browser (which agrees while hydrating: the page is hydrated only then).
 */
export function useCustomerPage(): boolean {
  const serverAudience = useContext(ServerAudienceContext);
  const loggedIn = useLoggedIn();
  return serverAudience === undefined ? loggedIn : serverAudience === 'customer';
}

/**
 * Whether the page is hydrating a customer's page the server rendered without their account:
 * until then what shows their data must show it as the server did, unknown, whatever the
 * browser already knows.
 */
export function useHydratingWithoutAccount(): boolean {
  const accountFromServer = useContext(ServerAccountContext);
  return useHydrating() && !accountFromServer;
}
