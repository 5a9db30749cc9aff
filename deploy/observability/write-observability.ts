import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONSOLE_LIBRARIES_DIR,
  CONSOLES_DIR,
  lenderLibrary,
  OBSERVABILITY_DIR,
  slicePage,
  slicesPage,
} from './console-pages';
import { sliceDashboard } from './grafana-dashboard';

/*
 * `pnpm --filter deploy observability write`: the console pages and the Grafana dashboard
 * written again from release-queries. They are checked in, so Prometheus and Grafana take them
 * from a checkout; a test fails when they are not what this writes (observability-files.test).
 */

/** The repository's formatter, so a written file is as `biome check` wants it. */
const BIOME = path.join(OBSERVABILITY_DIR, '../../node_modules/.bin/biome');

function asBiomeWritesIt(name: string, text: string): string {
  return execFileSync(BIOME, ['format', `--stdin-file-path=${name}`], {
    input: text,
    encoding: 'utf8',
  });
}

/** Each written file by its path under deploy/observability, and its text. */
export function observabilityFiles(): Record<string, string> {
  return {
    [`${CONSOLES_DIR}/slices.html`]: slicesPage(),
    [`${CONSOLES_DIR}/slice.html`]: slicePage(),
    [`${CONSOLE_LIBRARIES_DIR}/lender.lib`]: lenderLibrary(),
    'grafana/slice-dashboard.json': asBiomeWritesIt(
      'slice-dashboard.json',
      JSON.stringify(sliceDashboard(), null, 2),
    ),
  };
}

/** The written files that differ from what is on disk (none: up to date). */
export function staleFiles(dir = OBSERVABILITY_DIR): string[] {
  return Object.entries(observabilityFiles()).flatMap(([file, text]) => {
    try {
      return readFileSync(path.join(dir, file), 'utf8') === text ? [] : [file];
    } catch {
      return [file];
    }
  });
}

export function write(dir = OBSERVABILITY_DIR, log = console.info): void {
  for (const [file, text] of Object.entries(observabilityFiles())) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
    log(`wrote ${path.join(dir, file)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command] = process.argv.slice(2);
  if (command === 'write') write();
  else if (command === 'check') {
    const stale = staleFiles();
    if (stale.length > 0) {
      console.error(`not what \`observability write\` writes: ${stale.join(', ')}`);
      process.exit(1);
    }
  } else {
    console.error('usage: pnpm --filter deploy observability write|check');
    process.exit(2);
  }
}
