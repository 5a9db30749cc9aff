import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_DOC, REPO_ROOT, writtenConfigurationDoc } from './env-table.ts';

// `pnpm env:table`: docs/configuration.md from the readers' tables.
writeFileSync(path.join(REPO_ROOT, CONFIGURATION_DOC), await writtenConfigurationDoc());
console.info(`wrote ${CONFIGURATION_DOC}`);
