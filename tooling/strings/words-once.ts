import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from '@typescript/typescript6';
import { REPO_ROOT, readerPathsNow } from './shared-words.ts';

/*
 * The product's Georgian is written once (issue 54: "one name for one act"). Every app keeps
 * its words in word modules (`ka.ts`, `ka-*.ts`); this reads them all and finds, within one
 * app and its shared words,
 *   - a sentence written in two places (a customer reads one act or fact in two wordings the
 *     day one of them changes), and
 *   - a table of words keyed by the same set of keys twice (the decline reasons): the same
 *     things named twice, in words that drift apart. Sibling tables of one parent (each step
 *     of a list with the same fields) are one table's rows, not a repeat.
 * A short label ("close", "back") may repeat: a button names its own place. Two slices may
 * each keep the same sentence: a slice owns its words and ships them alone (decision 010),
 * and a word in shared would tie its release to the host's.
 */

/** A Georgian text in a word module: where it is, and its dotted key there. */
export interface WordText {
  file: string;
  key: string;
  text: string;
}

/** An object literal of words: where it is, and its keys (sorted). */
export interface WordTable {
  file: string;
  key: string;
  keys: string[];
}

const GEORGIAN = /[\u10D0-\u10FF]/;

/** A word module of the product: `ka.ts` or `ka-<what>.ts`, outside tests. */
export const isWordModule = (file: string) => /(^|\/)ka(-[\w-]+)?\.ts$/.test(file);

const propertyName = (name: ts.PropertyName): string | null =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : null;

/** Every Georgian text and every table of a word module's source. */
export function readWords(
  file: string,
  source: string,
): { texts: WordText[]; tables: WordTable[] } {
  const texts: WordText[] = [];
  const tables: WordTable[] = [];
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node, key: string) => {
    if (ts.isObjectLiteralExpression(node)) {
      const keys: string[] = [];
      let georgian = false;
      for (const property of node.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const name = propertyName(property.name);
        if (name === null) continue;
        keys.push(name);
        const value = property.initializer;
        if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) {
          if (GEORGIAN.test(value.text)) {
            georgian = true;
            texts.push({ file, key: `${key}${name}`, text: value.text });
          }
        } else {
          visit(value, `${key}${name}.`);
        }
      }
      if (georgian && keys.length >= 3)
        tables.push({ file, key: key.replace(/\.$/, ''), keys: keys.sort() });
      return;
    }
    ts.forEachChild(node, (child) => visit(child, key));
  };
  ts.forEachChild(parsed, (node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const declaration of node.declarationList.declarations) {
      const { initializer, name } = declaration;
      if (!initializer || !ts.isIdentifier(name)) continue;
      // A sentence a module names once to use in two places is written there.
      if (ts.isStringLiteral(initializer) || ts.isNoSubstitutionTemplateLiteral(initializer)) {
        if (GEORGIAN.test(initializer.text))
          texts.push({ file, key: name.text, text: initializer.text });
      } else {
        visit(initializer, `${name.text}.`);
      }
    }
  });
  return { texts, tables };
}

/** A sentence, not a label: three words or more. */
const isSentence = (text: string) => text.trim().split(/\s+/).length >= 3;

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The app a file belongs to: its package, the first folder of its path. */
const appOf = (file: string) => file.split('/')[0] ?? file;

/** Whether two places are one app's words: the same app, or an app and shared's. */
const oneApps = (a: { file: string }, b: { file: string }) =>
  appOf(a.file) === appOf(b.file) || appOf(a.file) === 'shared' || appOf(b.file) === 'shared';

/** The groups of items sharing a value, with two of one app's words among them. */
function repeats<T extends { file: string }>(
  items: readonly T[],
  groupOf: (item: T) => string | null,
  repeatedIn: (a: T, b: T) => boolean,
): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const value = groupOf(item);
    if (value !== null) groups.set(value, [...(groups.get(value) ?? []), item]);
  }
  return [...groups.values()].filter((group) =>
    group.some((a, index) => group.slice(index + 1).some((b) => repeatedIn(a, b))),
  );
}

/** Sentences one app writes in more than one place: each group names its places. */
export function repeatedSentences(texts: readonly WordText[]): string[][] {
  return repeats(texts, ({ text }) => (isSentence(text) ? normalise(text) : null), oneApps).map(
    (group) => group.map(({ file, key }) => `${file}: ${key}`),
  );
}

const parentOf = (key: string) => key.slice(0, key.lastIndexOf('.'));

/** Tables one app keys by the same set of keys in more than one place (siblings aside). */
export function repeatedTables(tables: readonly WordTable[]): string[][] {
  return repeats(
    tables,
    ({ keys }) => keys.join(','),
    (a, b) => oneApps(a, b) && !(a.file === b.file && parentOf(a.key) === parentOf(b.key)),
  ).map((group) => group.map(({ file, key, keys }) => `${file}: ${key} {${keys.join(',')}}`));
}

/** The word modules among these files (paths from the repository's root), read from `root`. */
export function wordsOf(root: string, files: readonly string[]) {
  const modules = files.filter(isWordModule);
  const read = modules.map((file) => readWords(file, readFileSync(path.join(root, file), 'utf8')));
  return {
    modules,
    texts: read.flatMap((words) => words.texts),
    tables: read.flatMap((words) => words.tables),
  };
}

/** The apps' word modules as they are in the working tree (shared-words' readers). */
export function productWordsNow() {
  return wordsOf(REPO_ROOT, readerPathsNow());
}
