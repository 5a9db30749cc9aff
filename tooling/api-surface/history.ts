import { execFileSync } from 'node:child_process';

/*
 * The checks that read git history (shared's version rule, its words' readers in the release in
 * production) would pass whatever changed in a clone without it (`--depth 1`): what they need
 * is fetched, and they fail, saying why, when it cannot be.
 */

export const git = (root: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** What git printed on stderr for a failed command, for a message a person reads. */
function gitError(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  const text = typeof stderr === 'string' && stderr.trim() ? stderr : String(error);
  return text.trim().split('\n')[0] ?? '';
}

/** The remote history comes from: `origin` when there is one, else the only one. */
function fetchRemote(root: string): string | undefined {
  const remotes = git(root, 'remote').split('\n').filter(Boolean);
  return remotes.includes('origin') ? 'origin' : remotes[0];
}

/** Makes the clone at `root` whole, fetching the history a shallow clone lacks; `what` needs it. */
export function ensureHistory(root: string, what: string): void {
  let shallow: string;
  try {
    shallow = git(root, 'rev-parse', '--is-shallow-repository').trim();
  } catch (error) {
    throw new Error(
      `${what} needs git history, and ${root} is not a git clone: ${gitError(error)}`,
    );
  }
  if (shallow !== 'true') return;
  const remote = fetchRemote(root);
  if (!remote) {
    throw new Error(
      `${what} needs git history: this clone is shallow and has no remote to fetch it from`,
    );
  }
  try {
    git(root, 'fetch', '--quiet', '--unshallow', remote);
  } catch (error) {
    throw new Error(
      `${what} needs git history: this clone is shallow and fetching the rest from ${remote} failed (${gitError(error)}). Run git fetch --unshallow, or clone without --depth.`,
    );
  }
}

/**
 * Fetches one commit the clone lacks (only its tree is read: a shallow clone stays shallow).
 * Throws, saying why, when it cannot; `what` needs it.
 */
export function fetchCommit(root: string, commit: string, what: string): void {
  const remote = fetchRemote(root);
  if (!remote)
    throw new Error(`${what} needs ${commit}, and this clone has no remote to fetch it from`);
  try {
    const shallow = git(root, 'rev-parse', '--is-shallow-repository').trim() === 'true';
    git(root, 'fetch', '--quiet', '--no-tags', ...(shallow ? ['--depth=1'] : []), remote, commit);
  } catch (error) {
    throw new Error(
      `${what} needs ${commit}, which is not in this clone, and fetching it from ${remote} failed (${gitError(error)}). Run git fetch ${remote} ${commit}, or clone with history.`,
    );
  }
}
