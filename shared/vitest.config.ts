import { createVitestConfig } from './src/testing/vitest-config.ts';

export default createVitestConfig();
