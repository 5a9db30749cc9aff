import path from 'node:path';
import {
  importingFiles,
  resolveImport,
  type WorkspacePackage,
  workspacePackages,
} from './workspace-imports.ts';

/*
 * A package is entered by its public API alone (issue 47): no import names another package's
 * `src/` or `server/` (its insides, whatever its `exports` let through), none leaves its own
 * package by a relative path, and a package that declares `exports` is imported only by what
 * they declare.
 */

/** The folders a package's insides live in, never named from outside it. */
const INSIDES = new Set(['src', 'server']);

/** Each import that crosses a package's boundary other than by its public API. */
export function boundaryViolations(
  root: string,
  packages: readonly WorkspacePackage[] = workspacePackages(root),
): string[] {
  const violations: string[] = [];
  for (const { pkg, file, specifiers } of importingFiles(root, packages)) {
    for (const specifier of specifiers) {
      const why = whyCrossing(root, packages, pkg, file, specifier);
      if (why) violations.push(`${file} → ${specifier} (${why})`);
    }
  }
  return violations;
}

function whyCrossing(
  root: string,
  packages: readonly WorkspacePackage[],
  own: WorkspacePackage,
  file: string,
  specifier: string,
): string | undefined {
  const imported = resolveImport(root, packages, file, specifier);
  if (imported.kind === 'relative') {
    const inside = path.posix.relative(own.folder, imported.target);
    return inside.startsWith('..') ? `leaves ${own.name} by a relative path` : undefined;
  }
  if (imported.kind !== 'package' || imported.pkg === own) return undefined;
  const [first = ''] = imported.subpath.split('/').slice(1);
  if (INSIDES.has(first)) return `into ${imported.pkg.name}'s ${first}/`;
  return imported.declared ? undefined : `not in ${imported.pkg.name}'s exports`;
}
