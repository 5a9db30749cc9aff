/**
 * An open-loop load: requests leave at evenly spaced times, each one due `1/rate` s after the
 * one before, whether or not earlier answers have come. A slow answer never holds the next
 * request back, and each time is counted from when its request was due, so a stalled sender
 * shows up as latency instead of hiding it (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it gives each connection a quota per second, renewed by
 * a one-second timer, so every connection sends at the top of each second — bursts of `rate`
 * requests, then silence — and it records each latency "with an expected interval" of
 * `ceil(1 / rate)` = 1 ms, adding a made-up sample for every millisecond of it. Its percentiles
 * at a fixed rate describe neither a steady load nor the server.
 */
import http from 'node:http';

export interface OpenLoopOptions {
  origin: string;
  paths: readonly string[];
  /** Requests a second, evenly spaced. */
  rate: number;
  seconds: number;
  headers?: Record<string, string>;
  /**
   * A logged-in customer's cookies: every other request is theirs (issue 29). Kept as a browser
   * keeps them: a session cookie the server renews replaces the one sent.
   */
  customer?: { cookies: Map<string, string> };
}

export interface OpenLoopResult {
  sent: number;
  /** Answers with a status other than 2xx, and requests that failed or timed out. */
  errors: number;
  /** Milliseconds from each request's due time to its answer's headers (time to first byte). */
  firstByte: number[];
  /** The same for the customer's requests alone (with `customer`). */
  customerFirstByte: number[];
  /** Milliseconds from each request's due time to its answer's last byte. */
  complete: number[];
  /** The rate actually reached: answers a second over the run. */
  achievedRate: number;
}

/** The value below which `share` of the sorted samples fall (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(share * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? Number.NaN;
}

const ANSWER_TIMEOUT_MS = 10_000;

export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const origin = new URL(options.origin);
  // Enough kept-alive connections that answers in flight never queue on the client.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const firstByte: number[] = [];
  const customerFirstByte: number[] = [];
  const complete: number[] = [];
  let errors = 0;
  let settled = 0;
  const start = performance.now();

  await new Promise<void>((done) => {
    const send = (index: number) => {
      const due = start + index * interval;
      let over = false;
      // Once per request, however many of its events report an end or a failure.
      const settle = () => {
        if (over) return;
        over = true;
        settled += 1;
        if (settled === total) done();
      };
      const path = options.paths[index % options.paths.length] ?? '/';
      const customer = options.customer && index % 2 === 1 ? options.customer : undefined;
      const cookie = customer
        ? [...customer.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
        : undefined;
      const request = http.get(
        {
          host: origin.hostname,
          port: origin.port,
          path,
          agent,
          headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
          timeout: ANSWER_TIMEOUT_MS,
        },
        (response) => {
          const waited = performance.now() - due;
          firstByte.push(waited);
          if (customer) {
            customerFirstByte.push(waited);
            for (const line of response.headers['set-cookie'] ?? []) {
              const [pair = ''] = line.split(';');
              const at = pair.indexOf('=');
              const value = pair.slice(at + 1);
              if (value) customer.cookies.set(pair.slice(0, at), value);
            }
          }
          response.resume();
          response.on('end', () => {
            if (over) return;
            complete.push(performance.now() - due);
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) errors += 1;
            settle();
          });
          response.on('error', () => {
            if (!over) errors += 1;
            settle();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('no answer in time')));
      request.on('error', () => {
        if (!over) errors += 1;
        settle();
      });
    };
    let next = 0;
    const tick = () => {
      // Every request whose time has come leaves now, however late the timer fired.
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        send(next);
        next += 1;
      }
      if (next < total) {
        setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
      }
    };
    tick();
  });
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  const ascending = (a: number, b: number) => a - b;
  return {
    sent: total,
    errors,
    firstByte: firstByte.sort(ascending),
    customerFirstByte: customerFirstByte.sort(ascending),
    complete: complete.sort(ascending),
    achievedRate: complete.length / seconds,
  };
}
