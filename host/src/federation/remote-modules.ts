import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RemoteModuleId } from 'release-contract/remotes';

/**
 * What each exposed module is to the host: a component, its default export. The ids and the
 * remotes' `exposes` maps are checked against one list, release-contract/remotes (MF's type download
 * needs the network, so the contract is written there once).
 */
export type RemoteModuleMap = Record<RemoteModuleId, RemoteModule>;

export interface RemoteModule {
  default: ComponentType;
  /**
   * The answers the component shows for a page's query (`?amount=…&term=…`), put in the
   * server's cache before it renders the slot (decision 020): a visitor's, or, for a slot only
   * a customer's page has, the customer's (issue 29; the server asks with their session).
   */
  prefetchOnServer?: (client: QueryClient, search: URLSearchParams) => Promise<void>;
  /**
   * A slot both audiences see: the customer's answers (issue 29). A release without it is
   * rendered for visitors only; its customers' slot stays the browser's.
   */
  prefetchCustomerOnServer?: (client: QueryClient, search: URLSearchParams) => Promise<void>;
}
