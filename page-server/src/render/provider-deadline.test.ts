// @vitest-environment node
// vitest: isolate — it points the one API client at a provider of its own (setProviderAddress),
// which other files point elsewhere.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setProviderAddress } from 'host/render-page';
import { apiClient } from 'shared/api/api-client';

/*
 * The server's own calls to the provider have a deadline (issue 28): a provider that never
 * answers costs the slot that asked, and the server lets go of the socket.
 */
let provider: Server;
let closed: Promise<void>;

beforeAll(async () => {
  let socketClosed: () => void = () => undefined;
  closed = new Promise((resolve) => {
    socketClosed = resolve;
  });
  provider = createServer((request) => {
    request.socket.on('close', socketClosed);
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  setProviderAddress(`http://127.0.0.1:${(provider.address() as AddressInfo).port}`, 300);
});

afterAll(async () => {
  provider.closeAllConnections();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

it('gives up on a provider that never answers, and closes the connection', async () => {
  const started = Date.now();
  await expect(apiClient.get('/api/cms/slider/')).rejects.toMatchObject({
    code: 'ECONNABORTED',
  });
  await closed;
  expect(Date.now() - started).toBeLessThan(10_000);
});
