import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lineCount, MAX_RECORD_LINES, recordProblems } from './decision-records';

describe('the decision records', () => {
  it('are each at most 50 lines, all in the index, and the index names only records that exist', () => {
    expect(recordProblems()).toEqual([]);
  });
});

describe('recordProblems', () => {
  let folder = '';
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'decision-records-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const record = (name: string, lines: number) =>
    writeFileSync(
      path.join(folder, name),
      Array.from({ length: lines }, (_, i) => `line ${i + 1}\n`).join(''),
    );
  const index = (text: string) => writeFileSync(path.join(folder, 'README.md'), text);

  it('accepts a record of exactly the limit that the index links to', () => {
    record('001-one.md', MAX_RECORD_LINES);
    index('| [001 — One](001-one.md) | current | … |\n');
    expect(recordProblems(folder)).toEqual([]);
  });

  it('names a record over the limit', () => {
    record('001-one.md', MAX_RECORD_LINES + 1);
    index('[001](001-one.md)\n');
    expect(recordProblems(folder)).toEqual(['001-one.md: 51 lines (at most 50)']);
  });

  it('names a record the index does not link to, however it is mentioned', () => {
    record('001-one.md', 3);
    record('002-two.md', 3);
    index('[001](001-one.md); 002-two.md is mentioned but not linked\n');
    expect(recordProblems(folder)).toEqual(['002-two.md: not in README.md']);
  });

  it('names a link of the index to a file that does not exist', () => {
    record('001-one.md', 3);
    index('[001](001-one.md), [002](002-gone.md#context)\n');
    expect(recordProblems(folder)).toEqual(['README.md: 002-gone.md does not exist']);
  });

  it('needs an index', () => {
    record('001-one.md', 3);
    expect(recordProblems(folder)).toEqual(['README.md: missing']);
  });

  it('counts only numbered records, not the index or other files', () => {
    record('notes.md', MAX_RECORD_LINES + 10);
    index(Array.from({ length: 80 }, () => 'a long index\n').join(''));
    expect(recordProblems(folder)).toEqual([]);
  });
});

describe('lineCount', () => {
  it('counts as wc -l does, and a last line without its newline', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\n')).toBe(2);
  });
});
