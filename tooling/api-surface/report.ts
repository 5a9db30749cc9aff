import type { Surface } from './surface.ts';

/*
 * The surface as a checked-in Markdown report: one section per module, one fenced block per
 * exported name. A change to the surface is then a reviewable diff of this file, and the
 * report of any earlier commit can be read back to compare with (semver.ts).
 */

const HEADER = (name: string, version: string) =>
  [
    `# ${name} ${version}: public surface`,
    '',
    'Written by `pnpm api:report` from the declarations of every module a browser app may import;',
    'do not edit. CI fails when it differs from the code, or when `version` does not follow the',
    'change (decision 019).',
    '',
  ].join('\n');

const fence = '````';

export function renderReport(name: string, surface: Surface): string {
  const parts = [HEADER(name, surface.version)];
  for (const [specifier, entries] of Object.entries(surface.modules)) {
    parts.push(`## ${specifier}`, '');
    for (const [entry, text] of Object.entries(entries).sort(([a], [b]) => a.localeCompare(b))) {
      parts.push(`### ${entry}`, '', `${fence}ts`, text, fence, '');
    }
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

/** The surface a report describes. */
export function parseReport(report: string): Surface {
  const version = /^# \S+ (\S+): public surface$/m.exec(report)?.[1];
  if (!version) throw new Error('not a public-surface report: no "# <name> <version>" title');
  const surface: Surface = { version, modules: {} };
  let module: Record<string, string> | undefined;
  let entry: string | undefined;
  let block: string[] | undefined;
  for (const line of report.split('\n')) {
    if (block) {
      if (line === fence) {
        if (module && entry !== undefined) module[entry] = block.join('\n');
        block = undefined;
      } else block.push(line);
    } else if (line.startsWith('## ')) {
      module = {};
      surface.modules[line.slice(3)] = module;
    } else if (line.startsWith('### ')) entry = line.slice(4);
    else if (line === `${fence}ts`) block = [];
  }
  return surface;
}
