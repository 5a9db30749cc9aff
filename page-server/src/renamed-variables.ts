import { RENAMED_PAGE_SERVER_VARIABLES } from 'release-contract/config-variables';

type Env = Record<string, string | undefined>;

/**
 * The environment with each renamed variable of the page server's under its new name
 * (release-contract's RENAMED_PAGE_SERVER_VARIABLES, issue 57): an old name a deployment still
 * sets is taken when the new one is unset, and ignored when it is set; either way `warn` is told
 * once, at start, what to change. Without this a deployment not yet changed would lose its
 * settings silently: its render workers, budget, log level and build folders would be the
 * defaults. Only for one release: then the old names are no longer read.
 */
export function withRenamedVariables(env: Env, warn: (message: string) => void): Env {
  const current = { ...env };
  for (const [old, renamed] of Object.entries(RENAMED_PAGE_SERVER_VARIABLES)) {
    const value = env[old];
    if (value === undefined) continue;
    if (env[renamed] === undefined) {
      current[renamed] = value;
      warn(
        `page-server: ${old} is read as ${renamed} in this release only: set ${renamed} instead`,
      );
    } else {
      warn(`page-server: ${old} is ignored, ${renamed} is set: remove ${old}`);
    }
  }
  return current;
}
