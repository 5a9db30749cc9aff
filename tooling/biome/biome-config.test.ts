import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { biomeConfig } from './biome-config';

const biomeJsonFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../biome.json',
);

describe('biome.json', () => {
  it('is what tooling/biome/biome-config.ts writes (run pnpm lint:config after changing it)', () => {
    expect(JSON.parse(readFileSync(biomeJsonFile, 'utf8'))).toEqual(biomeConfig());
  });
});
