import type { Audience, PageState } from 'release-contract/page-state';
import type { RemoteModuleId } from 'release-contract/remotes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import type { RemoteModuleMap } from '../federation/remote-modules';

/*
 * The host's server entry as its readers see it: the interface of the file the host's build
 * writes (`dist-server/render-page.cjs`, from `render-page.tsx`) and the render workers load
 * at run time, as they load a slice's server bundle. Types only, exported as `host/render-entry`:
 * the page server reads them without compiling the host's source into its own build.
 */

export type { RemoteModule, RemoteModuleMap } from '../federation/remote-modules';
export type { LoadRemoteModule } from '../slots/remote-loader';

/** Asks the provider through the page server: with the customer's session, or a visitor's without. */
export type CustomerFetch = (url: string) => Promise<{ status: number; data: unknown }>;

/** TanStack Query's dehydrated cache, as the render protocol carries it. */
export interface Dehydrated {
  queries: unknown[];
  mutations: unknown[];
}

/** One slot's part of a page, as its slice's worker rendered it. */
export interface SlotResult {
  slot: string;
  outcome: 'rendered' | 'late' | 'failed' | 'browser';
  /** The slot's markup, cut out of the worker's page (rendered slots only). */
  html?: string;
  /** The release that rendered it (its server bundle's name), for the browser's hydration. */
  release?: string;
  /** The answers the slot's own prefetch put in the page's cache. */
  queries?: Dehydrated;
  /** The style sheets its module needs (absolute addresses under its release). */
  styles?: string[];
}

/** The page around its slots, as the host's worker rendered it. */
export interface RenderedShell {
  status: number;
  html: string;
  router: PageState['router'];
}

/** A slot's module as the server has it: the module, the release it came from, its styles. */
export interface ServerSlotModule<Id extends RemoteModuleId = RemoteModuleId> {
  module: RemoteModuleMap[Id];
  release: string;
  /** The style sheets its module needs, as absolute addresses. */
  styles?: readonly string[];
}

export interface PrepareAccountOptions {
  config: RuntimeConfig;
  customerFetch: CustomerFetch;
  deadline: number;
}

export interface RenderSlotsOptions {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  audience: Audience;
  config: RuntimeConfig;
  /** This slice's slots the page wants from the server (the page server chose them). */
  slots: readonly RemoteModuleId[];
  /** The customer's account (prepareAccount's), or null: a visitor's page. */
  account: Dehydrated | null;
  /** A slot's module from its remote's current release (releases/remote-releases). */
  loadSlot: <Id extends RemoteModuleId>(id: Id) => Promise<ServerSlotModule<Id>>;
  /** Asks the provider with the customer's session (the page server holds it; decision 027). */
  customerFetch?: CustomerFetch;
  /** When the slots must be ready: those not ready by then are left to the browser. */
  deadline: number;
  /** The mark this render's slots' markup is cut out by (slot-seam). */
  seam: string;
  /** A slot's failure, for the log (the page is still sent). */
  onError?: (error: unknown) => void;
}

export interface RenderShellOptions {
  url: string;
  audience: Audience;
  config: RuntimeConfig;
  account: Dehydrated | null;
  /** The slots whose markup the page server has: each rendered as `token(index)`. */
  ready: readonly RemoteModuleId[];
  token: (index: number) => string;
  deadline: number;
  onError?: (error: unknown) => void;
}

/** What the host's server entry exports: each part of a page a render worker is asked for. */
export interface HostServerEntry {
  /** Where the slices' API calls go in this worker (the provider, or the page server for it). */
  setProviderAddress(baseURL: string, timeoutMs?: number, publicFetch?: CustomerFetch): void;
  /** A customer's account, which their page is decided by; not known by the deadline, none. */
  prepareAccount(options: PrepareAccountOptions): Promise<{ known: boolean; state: Dehydrated }>;
  /** A slice's slots of a page, each cut out of the whole page as that slice renders it. */
  renderSlots(options: RenderSlotsOptions): Promise<SlotResult[]>;
  /** The page around its slots; null when the route redirects. */
  renderShell(options: RenderShellOptions): Promise<RenderedShell | null>;
  /** The singletons the host offers a slice's server bundle (React, the stores, `shared`). */
  sharedScope: Record<string, () => unknown>;
}
