import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_APP, portOf } from 'release-contract/apps';
import { buildRuntimeConfig } from 'release-contract/config-from-env';
import { createAppConfig } from 'tooling/rspack/app-config';
import { PreloadFontsPlugin } from 'tooling/rspack/preload-fonts-plugin';
import { createHostServerConfig } from 'tooling/rspack/server-config';
import { startAfterPaint } from 'tooling/rspack/start-after-paint';

const root = path.dirname(fileURLToPath(import.meta.url));

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) => {
  const mode = argv.mode ?? 'production';
  const browser = createAppConfig({
    root,
    name: 'host',
    title: 'ონლაინ სესხი',
    mode,
    devPort: portOf(HOST_APP),
    publicPath: '/',
    // The host lists no remotes at build time: it registers them from /runtime-config.json.
    runtimePlugins: [
      path.join(root, 'src/federation/plugins/remote-failure-plugin.ts'),
      path.join(root, 'src/federation/plugins/release-record-plugin.ts'),
      path.join(root, 'src/federation/plugins/provide-runtime-utilities-plugin.cjs'),
    ],
    devServer: {
      // The same runtime configuration the production server answers, from the same function.
      setupMiddlewares: (middlewares) => [
        {
          name: 'runtime-config',
          path: '/runtime-config.json',
          middleware: (_request: IncomingMessage, res: ServerResponse) => {
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(JSON.stringify(buildRuntimeConfig(process.env)));
          },
        },
        ...middlewares,
      ],
    },
  });
  if (mode !== 'production') return browser;
  // A page the server rendered starts with a small script of its own, which asks for the
  // host's once the page has painted (decision 031). It is built first and cleans `dist/`.
  const start = startAfterPaint({ root, entry: './src/start/index.ts', publicPath: '/' });
  browser.plugins = [
    ...(browser.plugins ?? []),
    // The first screen's text is Georgian with Latin digits, and its amounts carry the lari
    // sign (the extended Latin subset): the three come with the page, not after its styles.
    new PreloadFontsPlugin([
      /georgian-georgian-wght-normal\.\w+\.woff2$/,
      /georgian-latin-wght-normal\.\w+\.woff2$/,
      /georgian-latin-ext-wght-normal\.\w+\.woff2$/,
    ]),
    start.page,
  ];
  return [
    start.config,
    {
      ...browser,
      name: 'browser',
      dependencies: [String(start.config.name)],
      output: { ...browser.output, clean: false },
    },
    // The host's server entry (decision 045): its pages and shell for Node, which the page
    // server's render workers load at run time. Beside `dist/`, not in it: what `dist/` holds
    // is served to browsers.
    createHostServerConfig({
      root,
      name: 'host',
      entry: path.join(root, 'src/server/render-page.tsx'),
      outputPath: path.join(root, 'dist-server'),
    }),
  ];
};
