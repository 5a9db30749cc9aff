import { fileURLToPath } from 'node:url';
import { createVitestConfig } from 'shared/testing/vitest-config';
import { mergeConfig } from 'vitest/config';

export default mergeConfig(createVitestConfig(), {
  test: {
    // The page's own style sheet is applied: what it hides (slot-list's held slots) is
    // behaviour a test must see, and jsdom computes `visibility` from it.
    css: { include: [/pages\.module\.css$/] },
  },
  resolve: {
    // The build writes the render bundle's shared scope (tooling/rspack/server-config); the
    // tests render pages with the host's own modules and offer a slice nothing more.
    alias: {
      'ssr-shared-scope': fileURLToPath(
        new URL('./src/render/testing/no-shared-scope.ts', import.meta.url),
      ),
    },
  },
});
