import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveProduct } from '../utils/served-product';
import { STEPS } from './steps';
import { startWebKit } from './webkit-driver';

/*
 * `pnpm test:webkit`: the product's smoke in WebKit (the engine of every iPhone's browser),
 * WebKitGTK's MiniBrowser through WebKitWebDriver, under `xvfb-run`. Serves the builds as the
 * Playwright pass does (utils/served-product.ts), runs STEPS in order, prints each outcome and
 * a screenshot of each failure, and exits non-zero when any failed.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, '.e2e-tmp/webkit');
mkdirSync(OUT, { recursive: true });

const stopServers = await serveProduct(path.join(OUT, 'servers.log'));
let failed = 0;
try {
  const webkit = await startWebKit();
  console.info(`e2e browser: WebKitGTK MiniBrowser ${webkit.version}`);
  try {
    for (const [index, step] of STEPS.entries()) {
      const started = Date.now();
      try {
        await step.run(webkit.driver);
        console.info(`  ✓ ${step.name} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
      } catch (error) {
        failed += 1;
        const shot = path.join(OUT, `step-${index + 1}.png`);
        const image = await webkit.driver.takeScreenshot().catch(() => undefined);
        if (image) writeFileSync(shot, image, 'base64');
        console.info(
          `  ✘ ${step.name}\n    ${String(error)}${image ? `\n    screenshot: ${shot}` : ''}`,
        );
      }
    }
  } finally {
    await webkit.close();
  }
} finally {
  await stopServers();
}
console.info(`\nwebkit: ${STEPS.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
