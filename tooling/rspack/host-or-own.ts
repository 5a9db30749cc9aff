import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * A remote's server bundle takes each module of `shared` from the host's server when the host
 * shares it, and runs its own copy when it does not: what federation does in the browser
 * (decision 019), so a slice built against a newer `shared` renders on the server before the
 * host that provides the addition ships (issue 55). The rule lives in the bundle itself, since
 * the page server in production answers only the names it shares and throws for the rest.
 *
 * Every import of such a module, the slice's and the own copies' alike (shared's modules
 * import each other by package name, decision 006), is aliased to a small CommonJS module
 * that asks the host first. So an own copy still reaches the host's one instance of every
 * module the host has (its stores above all).
 */

/**
 * Asks the host's server (the `require` the bundle runs with, which bundling leaves alone) and
 * runs the bundle's own copy only when that throws: the page server in production says "does
 * not share" by throwing, nothing else.
 */
const HOST_OR_OWN = `module.exports = function hostOrOwn(name, own) {
  var host;
  try {
    host = __non_webpack_require__(name);
  } catch (notShared) {
    return own();
  }
  return host;
};
`;

/**
 * Writes the asking module for each of `names` (module names of `shared`, as the slice imports
 * them) under the app's build cache, and answers the resolver aliases that put it in place of
 * the name. A name the app cannot resolve (a file no export of shared reaches) gets none.
 */
export function hostOrOwnAliases(root: string, names: readonly string[]): Record<string, string> {
  const folder = path.join(root, 'node_modules/.cache/ssr-entry/host-or-own');
  // Written afresh: a module that left `shared` leaves no alias behind.
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const helper = path.join(folder, 'host-or-own.cjs');
  writeFileSync(helper, HOST_OR_OWN);
  const resolve = createRequire(path.join(root, 'package.json')).resolve;
  const aliases: Record<string, string> = {};
  for (const name of names) {
    let own: string;
    try {
      own = resolve(name);
    } catch {
      continue;
    }
    const file = path.join(folder, `${name}.cjs`);
    mkdirSync(path.dirname(file), { recursive: true });
    // The own copy by its file's path, which no alias matches: required only when needed.
    writeFileSync(
      file,
      `module.exports = require(${JSON.stringify(helper)})(${JSON.stringify(name)}, function () {
  return require(${JSON.stringify(own)});
});
`,
    );
    // `$`: the exact name only.
    aliases[`${name}$`] = file;
  }
  return aliases;
}
