import { createNodeVitestConfig } from './vitest/node-vitest-config.ts';

export default createNodeVitestConfig();
