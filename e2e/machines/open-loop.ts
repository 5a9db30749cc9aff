/*
 * Open-loop load: a request is sent on schedule (every 10 ms at 100 a second) whether or not the
 * earlier ones have answered, so a stalled server shows as slow answers and failures, not as
 * fewer requests (closed-loop load hides exactly the stall it should show).
 */

export interface Sample {
  /** When it was sent, in ms from the start. */
  sentAt: number;
  path: string;
  status: number;
  /** Time to the answer's headers, in ms (its first byte, as the client sees it). */
  ttfbMs: number;
  /** Whether the answer was what `accept` wants (a page's HTML); why not otherwise. */
  ok: boolean;
  failure?: string;
}

export interface OpenLoop {
  baseUrl: string;
  perSecond: number;
  durationMs: number;
  /** The path of the n-th request. */
  pathOf(index: number): string;
  /** Whether an answer is a good page; a reason when it is not. */
  accept(status: number, body: string, contentType: string): string | undefined;
  /** Called once at each of these ms from the start (a machine killed, started again). */
  at?: readonly [ms: number, act: () => Promise<void>][];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function one(options: OpenLoop, path: string, sentAt: number, t0: number): Promise<Sample> {
  try {
    const response = await fetch(`${options.baseUrl}${path}`, {
      signal: AbortSignal.timeout(30_000),
      redirect: 'manual',
    });
    const ttfbMs = performance.now() - t0 - sentAt;
    const body = await response.text();
    const failure = options.accept(
      response.status,
      body,
      response.headers.get('content-type') ?? '',
    );
    return {
      sentAt,
      path,
      status: response.status,
      ttfbMs,
      ok: !failure,
      ...(failure ? { failure } : {}),
    };
  } catch (error) {
    const failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { sentAt, path, status: 0, ttfbMs: performance.now() - t0 - sentAt, ok: false, failure };
  }
}

/** Runs the load; resolves with every request's sample once the last one has answered. */
export async function runOpenLoop(options: OpenLoop): Promise<Sample[]> {
  const interval = 1000 / options.perSecond;
  const total = Math.round((options.durationMs / 1000) * options.perSecond);
  const actions = [...(options.at ?? [])].sort(([a], [b]) => a - b);
  const acted: Promise<void>[] = [];
  const samples: Promise<Sample>[] = [];
  const t0 = performance.now();
  for (let index = 0; index < total; index += 1) {
    const due = index * interval;
    await pause(due - (performance.now() - t0));
    while (actions.length > 0 && (actions[0]?.[0] ?? Infinity) <= due) {
      const action = actions.shift();
      if (action) acted.push(action[1]());
    }
    // Sent at its time even when the loop woke late: the lateness is the client's, not the site's.
    samples.push(one(options, options.pathOf(index), performance.now() - t0, t0));
  }
  await Promise.all(acted);
  return Promise.all(samples);
}

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** p50, p95, p99 and the worst of the samples' times to first byte, in ms, rounded. */
export function ttfbFigures(samples: readonly Sample[]) {
  const sorted = samples.map((sample) => sample.ttfbMs).sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: samples.length,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}
