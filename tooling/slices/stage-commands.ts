import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Stage } from './stages.ts';

/** The checkout the pipelines run in. */
export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** A stage that runs `pnpm <args>`. */
export const pnpm = (name: string, args: string[], env?: Record<string, string>): Stage => ({
  name,
  command: 'pnpm',
  args,
  ...(env ? { env } : {}),
});

/** pnpm's `--filter` for each package. */
export const filters = (packages: readonly string[]) =>
  packages.flatMap((name) => ['--filter', name]);
