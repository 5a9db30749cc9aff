import * as z from 'shared/validation/zod';
import { workerInitSchema } from './render-protocol';

/*
 * What a page server and a slice's render service say over their connection (decision 041):
 * one connection is one render worker, each line one JSON message with its `kind`. The page
 * server's questions and the worker's answers are the render protocol's own (render-protocol),
 * carried whole; the service wraps each of the worker's messages in a `from` line, so nothing the
 * worker sends can pass for the service's own lines (its vitals, its exit). The page server
 * reads every line as it reads a worker's message: parsed, bounded, and a reason to stop the
 * worker when it is not the protocol.
 */

/**
 * The page server's first line: the worker it wants. `init.bundle` is ignored: the service
 * runs its own copy of the render bundle.
 */
export const helloSchema = z.object({
  kind: z.literal('hello'),
  init: workerInitSchema,
  heapMb: z.int().check(z.positive()),
  exposeGc: z.boolean(),
});
export type Hello = z.infer<typeof helloSchema>;

/** The page server's lines after its hello. */
export const toServiceSchema = z.union([
  /** A message for the worker (the render protocol's; the worker parses it). */
  z.object({ kind: z.literal('to'), message: z.unknown() }),
  /** The worker is retired: it ends once its IPC channel closes. */
  z.object({ kind: z.literal('retire') }),
]);
export type ToService = z.infer<typeof toServiceSchema>;

const shortText = (max: number) => z.string().check(z.maxLength(max));

/** The service's lines. */
export const fromServiceSchema = z.union([
  /** The worker started: its process id in the service's pod, and its resident memory cap. */
  z.object({
    kind: z.literal('started'),
    pid: z.int(),
    memoryCapMb: z.number().check(z.positive()),
  }),
  /** What the service measured of its worker, every round: the pool's judgments read it. */
  z.object({
    kind: z.literal('vitals'),
    cpuMs: z.optional(z.number()),
    residentMb: z.optional(z.number()),
  }),
  /** A line the worker printed (bounded as a local worker's). */
  z.object({ kind: z.literal('line'), line: shortText(2_000) }),
  /** The worker ended; the service closes the connection after it. */
  z.object({
    kind: z.literal('exit'),
    code: z.nullable(z.int()),
    signal: z.nullable(shortText(20)),
  }),
  /** The service is stopping (its pod goes): retire this worker; a new one goes to another pod. */
  z.object({ kind: z.literal('draining') }),
  /** No worker for this connection: another slice's, past its most workers, or no hello. */
  z.object({ kind: z.literal('refused'), why: shortText(2_000) }),
  /** One of the worker's messages, as it sent it: the page server parses it (render-protocol). */
  z.object({ kind: z.literal('from'), message: z.unknown() }),
]);
export type FromService = z.infer<typeof fromServiceSchema>;

/** The most heap a page server may ask a service's worker for. */
export const MAX_HEAP_MB = 4_096;
/** How long a service waits for a connection's hello before it closes it (a probe's stays open). */
export const HELLO_WITHIN_MS = 5_000;
/** How long a page server waits for a render service to take its connection. */
export const CONNECT_WITHIN_MS = 2_000;
/** How often a service sends its worker's vitals (the page server's watchdog looks every 100 ms). */
export const VITALS_EVERY_MS = 100;
