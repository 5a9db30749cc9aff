import path from 'node:path';
import { type Compiler, type Configuration, rspack } from '@rspack/core';
import { AFTER_PAINT_ATTRIBUTE } from 'release-contract/build-output';
import { PrecompressPlugin } from './precompress-plugin.ts';
import { typescriptRule } from './typescript-rule.ts';

const START_NAME = 'start-after-paint';

/**
 * A page's first script (host/src/start, decision 031), and what names it in the page. It is a
 * compilation of its own, built first: an entry of the host's compilation would carry
 * federation's runtime and the host's eager modules. `page` goes in the host's compilation,
 * which must then neither clean the folder (`config` does) nor build before it.
 */
export function startAfterPaint({
  root,
  entry,
  publicPath,
}: {
  root: string;
  entry: string;
  publicPath: string;
}): { config: Configuration; page: { apply(compiler: Compiler): void } } {
  let emitted: string | undefined;
  const config: Configuration = {
    name: START_NAME,
    mode: 'production',
    context: root,
    entry: { [START_NAME]: entry },
    devtool: 'hidden-source-map',
    output: {
      path: path.join(root, 'dist'),
      publicPath,
      filename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [typescriptRule({ development: false })] },
    plugins: [
      new PrecompressPlugin(),
      {
        apply(compiler: Compiler) {
          compiler.hooks.afterEmit.tap(START_NAME, (compilation) => {
            emitted = Object.keys(compilation.assets).find((name) =>
              new RegExp(`^${START_NAME}\\.[0-9a-f]{8}\\.js$`).test(name),
            );
          });
        },
      },
    ],
    optimization: { minimize: true },
    performance: { hints: false },
  };
  const page = {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap(START_NAME, (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: START_NAME, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
          (assets) => {
            const html = assets['index.html'];
            if (!html || !emitted) return;
            const tag = `<script defer src="${publicPath}${emitted}" ${AFTER_PAINT_ATTRIBUTE}></script>`;
            // First of the page's scripts, so the server finds it before those it holds back.
            const updated = String(html.source()).replace('<script ', `${tag}<script `);
            compilation.updateAsset('index.html', new rspack.sources.RawSource(updated));
          },
        );
      });
    },
  };
  return { config, page };
}
