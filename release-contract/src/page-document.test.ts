// @vitest-environment node

import { AFTER_PAINT_ATTRIBUTE } from './build-output';
import { renderIndexHtml, type ServerRendered } from './page-document';
import type { RuntimeConfig } from './runtime-config';

// The page as the production build writes it: the first script, then the host's own.
const TEMPLATE = [
  '<!doctype html><html><head><title>t</title>',
  `<script defer src="/start-after-paint.0a1b2c3d.js" ${AFTER_PAINT_ATTRIBUTE}></script>`,
  '<script defer src="/main.1a2b3c4d.js"></script><script defer src="/vendor.5e6f7a8b.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('');

const config = { remotes: [] } as unknown as RuntimeConfig;
const rendered: ServerRendered = {
  html: '<main>the first screen</main>',
  state: {} as ServerRendered['state'],
  styles: [],
};

const scriptsOf = (page: string) => [...page.matchAll(/<script defer[^>]*>/g)].map(([tag]) => tag);

describe("the host's scripts on its page", () => {
  it('wait for a page the server rendered to paint: its first script lists them, in order', () => {
    const page = renderIndexHtml(TEMPLATE, config, [], rendered);
    expect(scriptsOf(page)).toEqual([
      `<script defer src="/start-after-paint.0a1b2c3d.js" ${AFTER_PAINT_ATTRIBUTE} data-scripts="/main.1a2b3c4d.js /vendor.5e6f7a8b.js">`,
    ]);
    expect(page).toContain('<div id="root"><main>the first screen</main></div>');
  });

  it('come at once on a page the browser renders, without the first script', () => {
    const page = renderIndexHtml(TEMPLATE, config, []);
    expect(scriptsOf(page)).toEqual([
      '<script defer src="/main.1a2b3c4d.js">',
      '<script defer src="/vendor.5e6f7a8b.js">',
    ]);
  });

  it('stay as they are in a build without a first script (development, the monolith)', () => {
    const plain = TEMPLATE.replace(/<script[^>]*data-after-paint><\/script>/, '');
    expect(scriptsOf(renderIndexHtml(plain, config, [], rendered))).toEqual([
      '<script defer src="/main.1a2b3c4d.js">',
      '<script defer src="/vendor.5e6f7a8b.js">',
    ]);
  });
});
