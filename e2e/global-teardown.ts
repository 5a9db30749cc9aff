import { existsSync, readFileSync } from 'node:fs';
import { SERVERS_LOG } from './utils/servers-log';

/** Pino's levels: warn and above are what an operator would be paged or asked about. */
const WARN = 40;
const SHOWN = 40;

/**
 * What the servers warned of during the run, printed last: a CI log shows its tail, and a page
 * the server left to the browser (a quarantined slot, a refused release) explains failures that
 * the browser alone cannot.
 */
export default function printServerWarnings(): void {
  if (!existsSync(SERVERS_LOG)) return;
  const warnings = readFileSync(SERVERS_LOG, 'utf8')
    .split('\n')
    .filter((line) => {
      const match = /"level":(\d+)/.exec(line);
      return match !== null && Number(match[1]) >= WARN;
    });
  if (warnings.length === 0) return;
  const shown = warnings.slice(-SHOWN).map((line) => line.slice(0, 600));
  process.stdout.write(
    `\nThe servers warned ${warnings.length} times during the run (the last ${SHOWN}):\n${shown.join('\n')}\n`,
  );
}
