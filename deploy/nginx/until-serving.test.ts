import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { untilServing } from './until-serving';

const servers: Server[] = [];

/** A server answering 503 to its first `notYet` requests, then 200. */
async function readyAfter(notYet: number): Promise<{ url: string; asked: () => number }> {
  let asked = 0;
  const server = createServer((_request, response) => {
    asked += 1;
    response.writeHead(asked > notYet ? 200 : 503).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ready`,
    asked: () => asked,
  };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

describe('until the deployment serves', () => {
  it('waits for every address to answer, however late each one does', async () => {
    const first = await readyAfter(0);
    const late = await readyAfter(3);
    await untilServing([first.url, late.url], 10_000);
    expect(late.asked()).toBe(4);
    // An address that answered is not asked again.
    expect(first.asked()).toBe(1);
  });

  it('names the addresses that never answered when it gives up', async () => {
    const never = await readyAfter(Number.POSITIVE_INFINITY);
    const closed = 'http://127.0.0.1:9/ready';
    await expect(untilServing([never.url, closed], 600)).rejects.toThrow(
      `not serving after 0.6 s: ${never.url}, ${closed} never answered`,
    );
  });
});
