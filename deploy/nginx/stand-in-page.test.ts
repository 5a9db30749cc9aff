// @vitest-environment node

import { AFTER_PAINT_ATTRIBUTE } from 'release-contract/build-output';
import { ROUTE_TABLE } from 'release-contract/routes';
import {
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
  stableConfig,
} from 'release-contract/runtime-config';
import { standInPage } from './stand-in-page';

// nginx's stand-in pages (decision 045): what the rollout writes for every visitor alike while
// no page server answers, through this one export.

const TEMPLATE = [
  '<!doctype html><html><head><title>t</title>',
  `<script defer src="/start-after-paint.0a1b2c3d.js" ${AFTER_PAINT_ATTRIBUTE}></script>`,
  '<script defer src="/main.1a2b3c4d.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('');

const manifest = (name: string, release: string) =>
  `https://releases.example/${name}/releases/${release}/mf-manifest.json`;

const config: RuntimeConfig = {
  remotes: [
    {
      name: 'remote_home',
      manifestUrl: manifest('remote_home', 'stable'),
      canary: { manifestUrl: manifest('remote_home', 'canary'), percent: 10 },
    },
    { name: 'remote_account', manifestUrl: manifest('remote_account', 'stable') },
    { name: 'remote_loans', manifestUrl: manifest('remote_loans', 'stable') },
  ],
  routeMiddleware: {},
};

const home = ROUTE_TABLE.find((route) => route.path === '/');
const embeddedConfig = (page: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">(.*?)</script>`)
      .exec(page)?.[1]
      ?.replace(/\\u003c/g, '<') ?? 'null',
  ) as RuntimeConfig;
const hinted = (page: string) =>
  [...page.matchAll(/<link rel="preload" href="([^"]+)"/g)].map(([, href]) => href);

describe("nginx's stand-in page", () => {
  it('carries every remote at its stable release, never a canary', () => {
    const page = standInPage(TEMPLATE, config, home, false);
    expect(embeddedConfig(page)).toEqual(stableConfig(config));
    expect(page).not.toContain(manifest('remote_home', 'canary'));
    expect(stableConfig(config).remotes.every((remote) => remote.canary === undefined)).toBe(true);
  });

  it("hints only the manifests of its audience's first screen", () => {
    expect(hinted(standInPage(TEMPLATE, config, home, false))).toEqual([
      manifest('remote_home', 'stable'),
    ]);
    expect(hinted(standInPage(TEMPLATE, config, home, true))).toContain(
      manifest('remote_loans', 'stable'),
    );
    expect(hinted(standInPage(TEMPLATE, config, undefined, false))).toEqual([]);
  });

  it("is the browser's to render: the host's scripts at once, no first script", () => {
    const page = standInPage(TEMPLATE, config, home, false);
    expect(page).toContain('<script defer src="/main.1a2b3c4d.js"></script>');
    expect(page).not.toContain(AFTER_PAINT_ATTRIBUTE);
    expect(page).toContain('<div id="root"></div>');
  });
});
