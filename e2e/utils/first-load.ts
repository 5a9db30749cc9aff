import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export interface FirstLoad {
  /** Every request the page made, data: URLs aside. */
  requests: number;
  /** The scripts' decoded bodies at gzip -9, as `pnpm bench` weighs them. */
  scriptGzipBytes: number;
  scripts: { url: string; gzipBytes: number }[];
}

/**
 * Loads `path` in a page that has seen nothing yet and weighs what it fetched until what a
 * visitor came for is on screen (`ready`) and the network has gone quiet: the same load
 * `pnpm bench` measures, without its throttling, which changes the time and not the bytes.
 */
export async function measureFirstLoad(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<FirstLoad> {
  let requests = 0;
  const scripts: Promise<{ url: string; gzipBytes: number }>[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) requests += 1;
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.body().then((body) => ({
        url: response.url(),
        gzipBytes: gzipSync(body, { level: 9 }).length,
      })),
    );
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const weighed = await Promise.all(scripts);
  return {
    requests,
    scriptGzipBytes: weighed.reduce((sum, script) => sum + script.gzipBytes, 0),
    scripts: weighed.sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}
