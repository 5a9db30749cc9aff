import { readFileSync } from 'node:fs';
import ts from '@typescript/typescript6';
import { hasExport, publicModules } from './surface.ts';

/*
 * shared's deprecated exports against the releases that need them (decision 010: "add beside the
 * old export and remove it a release later"). An export marked `@deprecated` stays while the
 * release in production imports it, or today's code still does; once neither does, it has
 * outlived the release that needed it and goes. The words' check (tooling/strings) does the same
 * for shared's words.
 */

export interface Deprecated {
  /** The module specifier, `shared/api/api-client`. */
  module: string;
  name: string;
}

const isDeprecated = (node: ts.Node) =>
  ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'deprecated');

/** The exports of one module's source marked `@deprecated`, by name. */
export function deprecatedIn(source: string): string[] {
  const file = ts.createSourceFile('module.ts', source, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (!hasExport(statement)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        // A comment above `export const a = 1, b = 2` speaks for both.
        if (isDeprecated(statement) || isDeprecated(declaration)) {
          names.push(declaration.name.getText(file));
        }
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name &&
      isDeprecated(statement)
    ) {
      names.push(statement.name.text);
    }
  }
  return names;
}

/** Every deprecated export of the package at `root`'s public modules. */
export function deprecatedExports(root: string): Deprecated[] {
  return publicModules(root).flatMap(({ specifier, file }) =>
    deprecatedIn(readFileSync(file, 'utf8')).map((name) => ({ module: specifier, name })),
  );
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Whether one file's `source` imports `name` from `module`: it names the module in an import
 * (static, dynamic or a type's `import()`) and names `name` anywhere. A file that reaches the
 * module whole (`client.requestJson`) counts for what it names, and a name it mentions for
 * another reason keeps the export too: a doubt keeps an export, never drops it.
 */
export function importsName(source: string, module: string, name: string): boolean {
  const specifier = new RegExp(`(from|import\\()\\s*['"]${escaped(module)}['"]`);
  return specifier.test(source) && new RegExp(`(?<![\\w$])${escaped(name)}(?![\\w$])`).test(source);
}

/** Whether any of `files` imports `name` from `module`. */
export const readBy = (files: readonly string[], { module, name }: Deprecated) =>
  files.some((source) => importsName(source, module, name));

export interface DeprecatedVerdict {
  /** Imported by the release in production: kept until that release is replaced. */
  keptForProduction: string[];
  /** Imported by today's code alone: kept, and to be moved off. */
  readNow: string[];
  /** Imported by neither: it has outlived the release that needed it, and goes. */
  outliving: string[];
}

/**
 * Judges each deprecated export against today's files and the release in production's
 * (`production`, null when unknown: then every one is kept for it).
 */
export function judgeDeprecated(
  deprecated: readonly Deprecated[],
  now: readonly string[],
  production: readonly string[] | null,
): DeprecatedVerdict {
  const verdict: DeprecatedVerdict = { keptForProduction: [], readNow: [], outliving: [] };
  for (const item of deprecated) {
    const label = `${item.module}: ${item.name}`;
    if (production === null || readBy(production, item)) verdict.keptForProduction.push(label);
    else if (readBy(now, item)) verdict.readNow.push(label);
    else verdict.outliving.push(label);
  }
  return verdict;
}
