import { routerStateSchema } from 'release-contract/page-state';
import * as z from 'shared/validation/zod';

/*
 * What the page server and its render workers say to each other (decision 032). A worker runs
 * code the page server does not trust — a slice's release — so everything it sends is read as
 * hostile: parsed, bounded, and accepted only as the answer to a question the page server asked
 * that worker. A worker decides nothing about the page: no status, redirect, header, metric
 * label or quarantine comes from it.
 */

/** What a worker renders: the host's own parts ('host'), or one slice's slots. */
export const HOST_TENANT = 'host';

/** How the page server starts a worker: its one argument, as JSON. */
export const workerInitSchema = z.object({
  /** The host's server entry (host/dist-server/render-page.cjs, from the host's build). */
  bundle: z.string(),
  /** The provider's base address, for the slices' public answers. */
  apiUpstream: z.string(),
  revalidateMs: z.optional(z.number()),
  unpinned: z.enum(['evaluate', 'refuse']),
  /** HOST_TENANT, or the remote whose slots this worker renders (its code is the only slice's here). */
  tenant: z.string(),
});
export type WorkerInit = z.infer<typeof workerInitSchema>;

const audienceSchema = z.enum(['visitor', 'customer']);
/** TanStack Query's dehydrated cache, as far as the page server reads it. */
const dehydratedSchema = z.object({
  queries: z.array(z.unknown()).check(z.maxLength(200)),
  mutations: z.array(z.unknown()).check(z.maxLength(0)),
});
export type Dehydrated = z.infer<typeof dehydratedSchema>;

const page = {
  id: z.number(),
  /** The page's path and query. */
  url: z.string(),
  audience: audienceSchema,
  /** The page's runtime configuration (the page server's own, already validated). */
  config: z.unknown(),
  /** When the worker's part must be done, in the page server's clock (epoch ms). */
  deadline: z.number(),
};

export const toWorkerSchema = z.union([
  /** Host: the customer's account, asked through the page server with their session. */
  z.object({
    type: z.literal('account'),
    id: z.number(),
    config: z.unknown(),
    deadline: z.number(),
  }),
  /** Slice: fetch, check and evaluate the configured release of this worker's remote. */
  z.object({ type: z.literal('load'), id: z.number(), config: z.unknown(), deadline: z.number() }),
  /** Slice: these slots of the page, with the account the page is decided by. */
  z.object({
    type: z.literal('slots'),
    ...page,
    slots: z.array(z.string()),
    account: z.nullable(dehydratedSchema),
  }),
  /** Host: the page around the slots, each ready slot's place marked `slotToken(nonce, index)`. */
  z.object({
    type: z.literal('shell'),
    ...page,
    account: z.nullable(dehydratedSchema),
    ready: z.array(z.string()),
    nonce: z.string(),
  }),
  /**
   * The provider's answer to a worker's `fetch` (asked with the customer's session) or
   * `public` (asked without one).
   */
  z.object({ type: z.literal('answer'), ask: z.number(), status: z.number(), data: z.unknown() }),
  /** A file of the worker's remote's release, fetched by the page server: its bytes in base64. */
  z.object({ type: z.literal('file'), ask: z.number(), status: z.number(), body: z.string() }),
  z.object({ type: z.literal('memory') }),
]);
export type ToWorker = z.infer<typeof toWorkerSchema>;
export type WorkerRequest = Extract<ToWorker, { type: 'account' | 'load' | 'slots' | 'shell' }>;

/** The most markup one slot may send: far above any page's, far below what hurts the server. */
const MAX_SLOT_HTML = 1_000_000;
const shortText = (max: number) => z.string().check(z.maxLength(max));

export const slotResultSchema = z.object({
  slot: shortText(200),
  outcome: z.enum(['rendered', 'late', 'failed', 'browser']),
  /** The slot's markup, cut out of the worker's page (rendered slots only). */
  html: z.optional(shortText(MAX_SLOT_HTML)),
  /** The release that rendered it (its server bundle's name), for the browser's hydration. */
  release: z.optional(shortText(200)),
  /** The answers the slot's own prefetch put in the page's cache. */
  queries: z.optional(dehydratedSchema),
  /** The style sheets its module needs (absolute addresses under its release). */
  styles: z.optional(z.array(shortText(2048)).check(z.maxLength(20))),
});
export type SlotResult = z.infer<typeof slotResultSchema>;

export const shellSchema = z.object({
  status: z.number(),
  html: z.string(),
  router: routerStateSchema,
});
export type RenderedShell = z.infer<typeof shellSchema>;

export const fromWorkerSchema = z.union([
  z.object({ type: z.literal('ready') }),
  /** A GET of the provider for the request `id`: the page server asks it with the session. */
  z.object({ type: z.literal('fetch'), id: z.number(), ask: z.number(), url: shortText(2048) }),
  /*
   * A worker has no network (Node's permission model, issue 56 row 5): what it needs of one,
   * the page server fetches, and only that.
   */
  /** A GET of the provider's public API (a visitor's answers): asked without a session. */
  z.object({ type: z.literal('public'), ask: z.number(), url: shortText(2048) }),
  /** A file of this worker's remote's release (its manifest, its server bundle). */
  z.object({ type: z.literal('file'), ask: z.number(), url: shortText(2048) }),
  z.object({
    type: z.literal('account'),
    id: z.number(),
    known: z.boolean(),
    state: dehydratedSchema,
  }),
  z.object({
    type: z.literal('loaded'),
    id: z.number(),
    /** Whether the release runs here; `refused`: its bytes are not the ones registered. */
    outcome: z.enum(['evaluated', 'refused', 'none']),
  }),
  z.object({
    type: z.literal('slots'),
    id: z.number(),
    slots: z.array(slotResultSchema).check(z.maxLength(32)),
  }),
  /** The shell, or nothing (`page: null`): the route is not one the server renders. */
  z.object({ type: z.literal('shell'), id: z.number(), page: z.nullable(shellSchema) }),
  /** A part of a page left to the browser, or a release refused: for the page server's log. */
  z.object({ type: z.literal('error'), message: shortText(2000) }),
  z.object({ type: z.literal('memory'), heapUsed: z.number(), rss: z.number() }),
]);
export type FromWorker = z.infer<typeof fromWorkerSchema>;
export type WorkerAnswer = Extract<FromWorker, { type: 'account' | 'loaded' | 'slots' | 'shell' }>;

/**
 * Where the shell marks a ready slot's place, for the page server to put the slot's markup
 * in. The nonce is the page's, made by the page server: a slot's markup cannot name another
 * slot's place.
 */
export const slotTokenPrefix = (nonce: string) => `lender-slot-${nonce}-`;
export const slotToken = (nonce: string, index: number) => `${slotTokenPrefix(nonce)}${index}`;
