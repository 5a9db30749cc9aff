import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from '@typescript/typescript6';

/**
 * A package's public surface as its declarations say it: for each module a browser app may
 * import, each exported name and the declaration behind it, printed without comments. What an
 * export's type leans on but does not export (a local interface) is part of it too, under
 * `(local) name`. Imports are not: they only say where a name comes from.
 */
export interface Surface {
  version: string;
  /** module specifier (`shared/api/api-error`) → name → declaration text */
  modules: Record<string, Record<string, string>>;
}

interface PackageJson {
  name: string;
  version: string;
  exports: Record<string, string>;
}

/** The exports that are code a browser app imports: not tests' helpers, styles or metadata. */
const isCodeExport = (subpath: string, target: string) =>
  /\.tsx?$/.test(target) && !subpath.startsWith('./testing/');

/** Every public module of the package at `root`: its specifier and its source file. */
export function publicModules(root: string): { specifier: string; file: string }[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;
  const modules: { specifier: string; file: string }[] = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (!isCodeExport(subpath, target)) continue;
    const [prefix = '', suffix = ''] = target.split('*');
    const folder = path.join(root, prefix);
    for (const file of ts.sys.readDirectory(folder, [suffix], undefined, undefined)) {
      if (/\.test\.tsx?$/.test(file) || /\.d\.ts$/.test(file)) continue;
      const stem = path.relative(folder, file).slice(0, -suffix.length).split(path.sep).join('/');
      modules.push({ specifier: `${pkg.name}/${subpath.slice(2).replace('*', stem)}`, file });
    }
  }
  return modules.sort((a, b) => a.specifier.localeCompare(b.specifier));
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

export const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.map((d) => d.name.getText());
  }
  if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement) ||
      ts.isModuleDeclaration(statement)) &&
    statement.name
  ) {
    return [statement.name.getText()];
  }
  return [];
}

/** One module's declarations, by name. */
export function entriesOf(declarations: string): Record<string, string> {
  const source = ts.createSourceFile('module.d.ts', declarations, ts.ScriptTarget.Latest, true);
  const entries: Record<string, string> = {};
  const add = (name: string, node: ts.Node | string) => {
    const text =
      typeof node === 'string' ? node : printer.printNode(ts.EmitHint.Unspecified, node, source);
    entries[name] = entries[name] ? `${entries[name]}\n${text}` : text;
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isImportEqualsDeclaration(statement)) continue;
    if (ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier?.getText() ?? '';
      const clause = statement.exportClause;
      if (!clause) add(`* from ${from}`, statement);
      else if (ts.isNamedExports(clause)) {
        const typeOnly = statement.isTypeOnly ? 'type ' : '';
        for (const element of clause.elements) {
          add(
            element.name.text,
            `export ${typeOnly}{ ${element.getText()} }${from && ` from ${from}`};`,
          );
        }
      } else add(`${clause.name.text} from ${from}`, statement);
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      add('default', statement);
      continue;
    }
    const names = declaredNames(statement);
    // `export {}` that declaration emit adds to a file with nothing else says nothing.
    if (names.length === 0) continue;
    const exported = hasExport(statement);
    for (const name of names) add(exported ? name : `(local) ${name}`, statement);
  }
  return entries;
}

/** The surface of the package at `root` (its tsconfig.json compiles it). */
export function readSurface(root: string): Surface {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;
  const configFile = path.join(root, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  const modules = publicModules(root);
  const program = ts.createProgram({
    // The package's own ambient declarations (CSS modules' class names) type what they declare.
    rootNames: [
      ...modules.map((m) => m.file),
      ...parsed.fileNames.filter((file) => file.endsWith('.d.ts')),
    ],
    options: {
      ...parsed.options,
      noEmit: false,
      declaration: true,
      emitDeclarationOnly: true,
      declarationMap: false,
      sourceMap: false,
      outDir: path.join(root, '.surface'),
      rootDir: root,
    },
  });
  const emitted = new Map<string, string>();
  const result = program.emit(undefined, (fileName, text) => emitted.set(fileName, text));
  const problems = result.diagnostics.map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
  if (problems.length > 0) throw new Error(`declarations of ${pkg.name}:\n${problems.join('\n')}`);
  const surface: Surface = { version: pkg.version, modules: {} };
  for (const { specifier, file } of modules) {
    const relative = path.relative(root, file).replace(/\.tsx?$/, '.d.ts');
    const declarations = emitted.get(path.join(root, '.surface', relative));
    if (declarations === undefined) throw new Error(`no declarations emitted for ${specifier}`);
    surface.modules[specifier] = entriesOf(declarations);
  }
  return surface;
}
