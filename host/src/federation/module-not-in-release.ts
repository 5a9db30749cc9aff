/**
 * The remote's current release does not expose the module: the host was deployed before the
 * release of the remote that adds it (the bundler's container says "does not exist in
 * container"). Not a failure of the remote: a slot the page is whole without renders nothing.
 */
export class ModuleNotInRelease extends Error {
  override readonly name = 'ModuleNotInRelease';
}

export const isModuleMissingFromContainer = (error: unknown) =>
  /does not exist in container/.test(error instanceof Error ? error.message : String(error));
