import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONFIGURATION_DOC,
  configurationDoc,
  drift,
  REPO_ROOT,
  variablesRead,
  writtenConfigurationDoc,
} from './env-table';

describe('docs/configuration.md', () => {
  it('is what `pnpm env:table` writes from the readers’ tables (run it after changing one)', async () => {
    // Biome lines the tables' columns up (`pnpm env:table` formats the page): compare the cells.
    const cells = (text: string) => text.replace(/ +/g, ' ').replace(/-{3,}/g, '---');
    const onDisk = readFileSync(path.join(REPO_ROOT, CONFIGURATION_DOC), 'utf8');
    expect(cells(onDisk)).toBe(cells(await writtenConfigurationDoc()));
  });

  it('names every variable a reader reads, and none that no reader reads', async () => {
    expect(await drift()).toEqual([]);
  });
});

describe('the table and its check', () => {
  it('find the variables a reader reads, however it names them', () => {
    const reader = [
      'const a = env.HOST_PORT;',
      "const b = env['SESSION_SECRET'];",
      "const c = secondsFromEnv(env, 'SESSION_MAX_SECONDS', 43200);",
      'const d = process.env.PATH;',
      "const e = 'NOT_READ';",
    ].join('\n');
    expect(variablesRead(reader)).toEqual(['HOST_PORT', 'SESSION_MAX_SECONDS', 'SESSION_SECRET']);
  });

  it('writes each variable with its default and meaning, a sentence as it is', () => {
    const doc = configurationDoc([
      [{ names: ['HOST_PORT'], default: '3000', meaning: "the host's port" }],
      [{ names: ['A', 'B'], default: 'unset', meaning: 'x | y' }],
    ]);
    expect(doc).toContain("| `HOST_PORT` | `3000` | the host's port |");
    expect(doc).toContain('| `A`, `B` | unset | x \\| y |');
  });
});
