import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { biomeJson } from './biome-config.ts';

/** `pnpm lint:config`: writes biome.json from tooling/biome/biome-config.ts. */
const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../biome.json');
writeFileSync(file, biomeJson());
console.info(`wrote ${file}`);
