import * as z from 'shared/validation/zod';
import { pageStateSchema } from '../../src/contract/page-state';

/*
 * What the page server and its render workers say to each other (decision 026). The worker runs
 * the slices' code, so what it sends is read like any answer from another process: parsed.
 */

/** How the page server starts a worker: its one argument, as JSON. */
export const workerInitSchema = z.object({
  /** The host's render bundle (dist-ssr/render-page.cjs). */
  bundle: z.string(),
  /** The provider's base address, for the slices' public answers. */
  apiUpstream: z.string(),
  revalidateMs: z.optional(z.number()),
  unpinned: z.enum(['evaluate', 'refuse']),
  /** How often the worker says it is alive (its event loop turns). */
  beatMs: z.number(),
});
export type WorkerInit = z.infer<typeof workerInitSchema>;

const audienceSchema = z.enum(['visitor', 'customer']);

export const toWorkerSchema = z.union([
  z.object({
    type: z.literal('render'),
    id: z.number(),
    url: z.string(),
    audience: audienceSchema,
    /** The page's runtime configuration (the host's own, already validated). */
    config: z.unknown(),
    /** When the page is sent, in the server's clock (epoch ms). */
    deadline: z.number(),
    /**
     * Releases and slots not to run: those that stopped a worker, and what a worker that has
     * gone silent is running (render-pool's `avoiding`).
     */
    quarantined: z.array(z.string()),
    /** Every slot left to the browser: a page retried after a stall no one could be named for. */
    shellOnly: z.boolean(),
  }),
  z.object({ type: z.literal('memory') }),
  /** The answer to a worker's `may-run`. */
  z.object({ type: z.literal('may-run'), ask: z.number(), allowed: z.boolean() }),
  /** The provider's answer to a worker's `fetch`, asked with the customer's session. */
  z.object({ type: z.literal('answer'), ask: z.number(), status: z.number(), data: z.unknown() }),
]);
export type ToWorker = z.infer<typeof toWorkerSchema>;

/** What a slice's code is doing in the worker, so a stall can be put down to it. */
export const sliceCodeSchema = z.object({
  remote: z.string(),
  release: z.string(),
  kind: z.enum(['evaluate', 'slot']),
  /** The slot whose code it is (`remote_home/LoanCalculator`), when it renders one. */
  slot: z.optional(z.string()),
});
export type SliceCode = z.infer<typeof sliceCodeSchema>;

const redirectSchema = z.object({
  kind: z.literal('redirect'),
  status: z.number(),
  location: z.string(),
});
const pageSchema = z.object({
  kind: z.literal('page'),
  status: z.number(),
  html: z.string(),
  state: pageStateSchema,
  slots: z.array(z.string()),
  styles: z.array(z.string()),
  /** What became of each slot the page wanted (the page server's metrics). */
  outcomes: z.array(
    z.object({
      slot: z.string(),
      outcome: z.enum(['rendered', 'late', 'failed', 'browser']),
      ms: z.number(),
    }),
  ),
});

export const fromWorkerSchema = z.union([
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('beat') }),
  z.object({ type: z.literal('enter'), code: sliceCodeSchema }),
  /**
   * Whether a release may be evaluated, or a slot of it rendered, here: a release's code new
   * to the pool runs in one worker first (the page it is for, if any, is `page`).
   */
  z.object({
    type: z.literal('may-run'),
    ask: z.number(),
    page: z.optional(z.number()),
    code: sliceCodeSchema,
  }),
  z.object({ type: z.literal('leave'), code: sliceCodeSchema }),
  /** A release the worker would not run: its bytes are not the ones a rollout registered. */
  z.object({ type: z.literal('refused'), remote: z.string(), release: z.string() }),
  /**
   * A customer's page asks the provider (a GET of its API): the page server asks it with the
   * session it holds, which never enters a worker (decision 027).
   */
  z.object({ type: z.literal('fetch'), page: z.number(), ask: z.number(), url: z.string() }),
  z.object({
    type: z.literal('rendered'),
    id: z.number(),
    page: z.union([redirectSchema, z.object({ kind: z.literal('browser') }), pageSchema]),
  }),
  z.object({ type: z.literal('failed'), id: z.number(), message: z.string() }),
  /** A part of a page left to the browser, or a release refused: for the page server's log. */
  z.object({ type: z.literal('error'), message: z.string(), stack: z.optional(z.string()) }),
  z.object({ type: z.literal('memory'), heapUsed: z.number(), rss: z.number() }),
]);
export type FromWorker = z.infer<typeof fromWorkerSchema>;

/**
 * What the quarantine names: a release (its evaluation stopped a worker) or one slot of a
 * release (its render did: the release's other slots still render).
 */
export const quarantineKey = (remote: string, release: string, slot?: string) =>
  slot ? `${remote} ${release} ${slot}` : `${remote} ${release}`;
