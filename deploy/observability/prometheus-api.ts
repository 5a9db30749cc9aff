import { z } from 'zod';

/*
 * Instant queries over Prometheus's HTTP API (`GET /api/v1/query`), for the canary's judge and
 * `health`: Prometheus sums what it scraped from every page server it found, so the rollout
 * reads the same figures over one machine or many. Its answers are validated like any other
 * input from the network.
 */

/** Where the rollout's commands ask Prometheus: `pnpm start:nginx` runs one here. */
export const DEFAULT_PROMETHEUS_URL = 'http://127.0.0.1:9090';

export const prometheusUrl = (env: Record<string, string | undefined> = process.env) =>
  env.PROMETHEUS_URL?.trim() || DEFAULT_PROMETHEUS_URL;

/** A sample's value as Prometheus writes it: `[unix seconds, "value"]`. */
const sampleValue = z.tuple([z.number(), z.string()]);

const instantAnswer = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    data: z.discriminatedUnion('resultType', [
      z.object({
        resultType: z.literal('vector'),
        result: z.array(z.object({ metric: z.record(z.string(), z.string()), value: sampleValue })),
      }),
      z.object({ resultType: z.literal('scalar'), result: sampleValue }),
    ]),
  }),
  z.object({ status: z.literal('error'), errorType: z.string(), error: z.string() }),
]);

export interface VectorSample {
  labels: Record<string, string>;
  value: number;
}

export interface PrometheusClient {
  /** The query's samples at `time` (now if not given). */
  vector(query: string, time?: Date): Promise<VectorSample[]>;
  /** The one value a summing query gives; no series matched is a count of nothing: 0. */
  count(query: string, time?: Date): Promise<number>;
  /** The one value a quantile gives; undefined without observations (no series, or NaN). */
  quantile(query: string, time?: Date): Promise<number | undefined>;
}

/** A failed query, saying which query it was and why it failed. */
export class PrometheusQueryError extends Error {
  constructor(
    readonly query: string,
    reason: string,
  ) {
    super(`Prometheus could not answer ${query}: ${reason}`);
    this.name = 'PrometheusQueryError';
  }
}

/** Prometheus writes infinities as `+Inf`/`-Inf`, which `Number` does not read. */
function toNumber(value: string): number | undefined {
  if (value === 'NaN') return undefined;
  if (value === '+Inf') return Number.POSITIVE_INFINITY;
  if (value === '-Inf') return Number.NEGATIVE_INFINITY;
  return Number(value);
}

export function prometheusClient(
  baseUrl: string = prometheusUrl(),
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 5_000,
): PrometheusClient {
  const ask = async (query: string, time?: Date) => {
    const url = new URL('/api/v1/query', baseUrl);
    url.searchParams.set('query', query);
    if (time) url.searchParams.set('time', String(time.getTime() / 1000));
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw new PrometheusQueryError(
        query,
        `${baseUrl} is unreachable (${cause instanceof Error ? cause.message : String(cause)})`,
      );
    }
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = instantAnswer.safeParse(body);
    if (!parsed.success) {
      throw new PrometheusQueryError(
        query,
        `HTTP ${response.status}, an answer that is not Prometheus's (${parsed.error.issues[0]?.message ?? 'no body'})`,
      );
    }
    if (parsed.data.status === 'error') {
      throw new PrometheusQueryError(query, `${parsed.data.errorType}: ${parsed.data.error}`);
    }
    return parsed.data.data;
  };

  const vector = async (query: string, time?: Date): Promise<VectorSample[]> => {
    const data = await ask(query, time);
    if (data.resultType === 'scalar') {
      const value = toNumber(data.result[1]);
      return value === undefined ? [] : [{ labels: {}, value }];
    }
    return data.result.flatMap(({ metric, value }) => {
      const number = toNumber(value[1]);
      return number === undefined ? [] : [{ labels: metric, value: number }];
    });
  };

  /** The value of a one-sample answer; undefined for none. */
  const single = async (query: string, time?: Date): Promise<number | undefined> => {
    const samples = await vector(query, time);
    if (samples.length > 1) {
      throw new PrometheusQueryError(query, `${samples.length} series where one was expected`);
    }
    return samples[0]?.value;
  };

  return {
    vector,
    count: async (query, time) => (await single(query, time)) ?? 0,
    quantile: single,
  };
}
