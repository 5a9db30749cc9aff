import { type Compiler, rspack } from '@rspack/core';

/**
 * Preloads the page's text fonts from its HTML (decision 020). A page the server rendered paints
 * its text before the style sheet's fonts would otherwise be asked for; a font arriving after
 * that paint re-lays every line set in it, and the calculator's figures move (layout shift).
 * Asked for with the page, the fonts are there for its first paint. `fonts` are patterns of
 * the emitted font files (the Georgian and Latin subsets, which the first screen's text uses).
 */
export class PreloadFontsPlugin {
  constructor(private readonly fonts: readonly RegExp[]) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PreloadFontsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'PreloadFontsPlugin',
          stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE,
        },
        (assets) => {
          const page = assets['index.html'];
          if (!page) return;
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          const links = Object.keys(assets)
            .filter((name) => this.fonts.some((font) => font.test(name)))
            .sort()
            .map(
              (name) =>
                `<link rel="preload" href="${publicPath}${name}" as="font" type="font/woff2" crossorigin>`,
            );
          if (links.length === 0) return;
          const html = String(page.source()).replace('</head>', `${links.join('')}</head>`);
          compilation.updateAsset('index.html', new rspack.sources.RawSource(html));
        },
      );
    });
  }
}
