import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import type { HealthReport } from './page-server-health';

/** Where Prometheus scrapes a page server: `GET /metrics` on its metrics port. */
export const METRICS_PATH = '/metrics';
/** Where an operator or a process manager reads a page server's health (page-server-health). */
export const HEALTH_PATH = '/health';

/**
 * Serves a registry to Prometheus (decision 029), and the page server's health, on its own port,
 * bound to loopback: the
 * metrics name releases and rates a visitor has no business reading, so nothing outside this
 * machine reaches them, and nginx's public server has no route to this port.
 */
export async function serveMetrics(
  registry: Registry,
  port: number,
  health?: HealthReport,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (health && request.method === 'GET' && request.url === HEALTH_PATH) {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(health.read()));
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
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
