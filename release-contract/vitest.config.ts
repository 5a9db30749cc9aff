import { createVitestConfig } from 'tooling/vitest/vitest-config';

export default createVitestConfig();
