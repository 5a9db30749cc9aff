import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './docs-paths.ts';

/*
 * The decision records stay short enough to read and all reachable from one index: a newcomer
 * reads `docs/decisions/README.md` and each record says in at most 50 lines what holds today
 * (how records are written is said at the top of that index).
 */

export const DECISIONS_FOLDER = path.join(REPO_ROOT, 'docs/decisions');

/** The most lines a record may have, the file as a whole, as `wc -l` counts them. */
export const MAX_RECORD_LINES = 50;

const RECORD = /^\d{3}-[\w-]+\.md$/;
const INDEX = 'README.md';

/** The records in a folder (`041-a-render-service-per-slice.md`), the index not among them. */
export function recordFiles(folder = DECISIONS_FOLDER): string[] {
  return readdirSync(folder)
    .filter((name) => RECORD.test(name))
    .sort();
}

/** Lines as `wc -l` counts them, plus a last line without its newline. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  return (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n').length;
}

/** The Markdown files the index links to (`[…](file.md)`), relative to its folder. */
export function indexLinks(index: string): string[] {
  return [...index.matchAll(/\]\(([^)\s#]+\.md)(#[^)\s]*)?\)/g)].map(([, target = '']) => target);
}

/**
 * What is wrong with a folder of records, each as "file: why": a record over the line limit,
 * a record the index does not link to, a link of the index to a file that does not exist.
 */
export function recordProblems(folder = DECISIONS_FOLDER): string[] {
  const problems: string[] = [];
  const records = recordFiles(folder);
  for (const record of records) {
    const lines = lineCount(readFileSync(path.join(folder, record), 'utf8'));
    if (lines > MAX_RECORD_LINES) {
      problems.push(`${record}: ${lines} lines (at most ${MAX_RECORD_LINES})`);
    }
  }
  const indexFile = path.join(folder, INDEX);
  if (!existsSync(indexFile)) return [...problems, `${INDEX}: missing`];
  const links = indexLinks(readFileSync(indexFile, 'utf8'));
  const linked = new Set(links.map((link) => path.normalize(link)));
  for (const record of records) {
    if (!linked.has(record)) problems.push(`${record}: not in ${INDEX}`);
  }
  for (const link of links) {
    if (!existsSync(path.join(folder, link))) {
      problems.push(`${INDEX}: ${link} does not exist`);
    }
  }
  return problems;
}
