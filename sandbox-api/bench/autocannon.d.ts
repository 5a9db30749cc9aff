// autocannon ships no types; this covers the part of its API the benchmark uses.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    workers?: number;
    headers?: Record<string, string>;
  }
  interface Instance extends PromiseLike<Result> {
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
