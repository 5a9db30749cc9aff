import { createVitestConfig } from 'shared/testing/vitest-config';
import { mergeConfig } from 'vitest/config';

export default mergeConfig(createVitestConfig(), {
  test: {
    // The page's own style sheet is applied: what it hides (slot-list's held slots) is
    // behaviour a test must see, and jsdom computes `visibility` from it.
    css: { include: [/pages\.module\.css$/] },
  },
});
