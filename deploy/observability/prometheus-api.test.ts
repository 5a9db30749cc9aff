import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { prometheusClient, prometheusUrl } from './prometheus-api';

/** A stand-in Prometheus that answers every query with `answer(query)`, and records the asks. */
async function fakePrometheus(answer: (query: string) => { status?: number; body: unknown }) {
  const asked: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    asked.push(url.searchParams);
    const { status = 200, body } =
      url.pathname === '/api/v1/query'
        ? answer(url.searchParams.get('query') ?? '')
        : { status: 404, body: '404 page not found' };
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked, close: () => server.close() };
}

const vector = (...samples: [Record<string, string>, string][]) => ({
  status: 'success',
  data: {
    resultType: 'vector',
    result: samples.map(([metric, value]) => ({ metric, value: [1_700_000_000, value] })),
  },
});

describe("Prometheus's HTTP API, asked for one figure", () => {
  let prometheus: Awaited<ReturnType<typeof fakePrometheus>> | undefined;
  afterEach(() => prometheus?.close());

  it('reads the value of a one-sample vector, at the time asked', async () => {
    prometheus = await fakePrometheus(() => ({ body: vector([{}, '42']) }));
    const at = new Date(1_700_000_000_500);
    expect(await prometheusClient(prometheus.url).count('sum(x)', at)).toBe(42);
    expect(prometheus.asked[0]?.get('query')).toBe('sum(x)');
    expect(prometheus.asked[0]?.get('time')).toBe('1700000000.5');
  });

  it('counts no matching series as 0, and gives no quantile without observations', async () => {
    prometheus = await fakePrometheus((query) => ({
      body: query.startsWith('histogram_quantile') ? vector([{}, 'NaN']) : vector(),
    }));
    const client = prometheusClient(prometheus.url);
    expect(await client.count('sum(x)')).toBe(0);
    expect(await client.quantile('histogram_quantile(0.75, x)')).toBeUndefined();
    prometheus.close();
    prometheus = await fakePrometheus(() => ({ body: vector() }));
    expect(await prometheusClient(prometheus.url).quantile('histogram_quantile(0.75, y)')).toBe(
      undefined,
    );
  });

  it('says which query Prometheus refused, and why', async () => {
    prometheus = await fakePrometheus(() => ({
      status: 400,
      body: { status: 'error', errorType: 'bad_data', error: 'parse error at char 5' },
    }));
    await expect(prometheusClient(prometheus.url).count('sum(x')).rejects.toThrow(
      'Prometheus could not answer sum(x: bad_data: parse error at char 5',
    );
  });

  it('refuses an answer that is not shaped as Prometheus answers', async () => {
    prometheus = await fakePrometheus(() => ({ body: { status: 'success', data: { result: 1 } } }));
    await expect(prometheusClient(prometheus.url).count('sum(x)')).rejects.toThrow(
      /^Prometheus could not answer sum\(x\): HTTP 200, an answer that is not Prometheus's/,
    );
  });

  it('refuses several series where one sum was expected', async () => {
    prometheus = await fakePrometheus(() => ({
      body: vector([{ a: '1' }, '1'], [{ a: '2' }, '2']),
    }));
    await expect(prometheusClient(prometheus.url).count('x')).rejects.toThrow(
      '2 series where one was expected',
    );
  });

  it('says where it looked when Prometheus is not there', async () => {
    prometheus = await fakePrometheus(() => ({ body: vector() }));
    const { url } = prometheus;
    prometheus.close();
    prometheus = undefined;
    await expect(prometheusClient(url).count('sum(x)')).rejects.toThrow(
      new RegExp(`^Prometheus could not answer sum\\(x\\): ${url} is unreachable`),
    );
  });

  it('is found at PROMETHEUS_URL, else where start:nginx runs it', () => {
    expect(prometheusUrl({ PROMETHEUS_URL: 'http://prometheus:9090' })).toBe(
      'http://prometheus:9090',
    );
    expect(prometheusUrl({})).toBe('http://127.0.0.1:9090');
  });
});
