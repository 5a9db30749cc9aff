import { createVitestConfig } from './src/testing/vitest-config';

export default createVitestConfig();
