/**
 * Prints what `/` makes a visitor's browser download, by type: the figure every change to
 * what the home page loads is measured by. Run against a served build (`pnpm start`):
 *   pnpm --filter e2e exec tsx scripts/first-load.ts [url]
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { HOST_URL } from '../utils/urls';

const url = process.argv[2] ?? `${HOST_URL}/`;
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
const totals = new Map<string, { count: number; raw: number; gzip: number }>();
const pending: Promise<void>[] = [];
page.on('response', (response) => {
  const type = response.request().resourceType();
  if (type !== 'script' && type !== 'stylesheet') return;
  pending.push(
    response.body().then(
      (body) => {
        const entry = totals.get(type) ?? { count: 0, raw: 0, gzip: 0 };
        entry.count += 1;
        entry.raw += body.length;
        entry.gzip += gzipSync(body, { level: 9 }).length;
        totals.set(type, entry);
      },
      () => undefined,
    ),
  );
});
await page.goto(url, { waitUntil: 'networkidle' });
await Promise.all(pending);
await browser.close();

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const [type, { count, raw, gzip }] of totals) {
  console.info(
    `${type.padEnd(10)} ${String(count).padStart(3)} files  ${kb(raw).padStart(10)} raw  ${kb(gzip).padStart(9)} gzip`,
  );
}
