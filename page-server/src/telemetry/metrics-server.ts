import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import type { HealthReport } from './page-server-health';

/** Where Prometheus scrapes a page server: `GET /metrics` on its metrics port. */
export const METRICS_PATH = '/metrics';
/** Where an operator or a process manager reads a page server's health (page-server-health). */
export const HEALTH_PATH = '/health';
/**
 * Readiness (a cluster's readiness probe, a load balancer's check): 200 while it should be sent
 * pages, 503 while its renderer starts or once it drains. Liveness is `HEALTH_PATH`: it answers
 * as long as the process's event loop does.
 */
export const READY_PATH = '/ready';

/** The address the metrics port listens on unless METRICS_HOST names another. */
export const DEFAULT_METRICS_HOST = '127.0.0.1';

/**
 * Serves a registry to Prometheus (decision 029), and the page server's health, on its own port.
 * The metrics name releases and rates a visitor has no business reading: on one machine the
 * port is bound to loopback; in a cluster (METRICS_HOST=0.0.0.0) a network policy lets only
 * Prometheus and the kubelet's probes reach it. nginx's public server has no route to it.
 */
export async function serveMetrics(
  registry: Registry,
  port: number,
  health?: HealthReport,
  host = DEFAULT_METRICS_HOST,
): Promise<Server> {
  const server = createServer((request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (health && request.method === 'GET' && request.url === HEALTH_PATH) {
      json(200, health.read());
      return;
    }
    if (health && request.method === 'GET' && request.url === READY_PATH) {
      const readiness = health.readiness();
      json(readiness.ready ? 200 : 503, readiness);
      return;
    }
    if (request.method !== 'GET' || request.url !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
