import { createVitestConfig } from 'shared/testing/vitest-config';

export default createVitestConfig();
