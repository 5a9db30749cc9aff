import { createNodeVitestConfig } from 'tooling/vitest/node-vitest-config';

export default createNodeVitestConfig();
