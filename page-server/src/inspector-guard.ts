/*
 * The page server holds the keys every customer's session is sealed with; its render workers
 * run slices' code (decision 032). A process of the same user can send it SIGUSR1, which opens
 * Node's inspector, and whoever reaches its port runs code inside the page server. So the page
 * server runs with `--disable-sigusr1` and no `--inspect` (`PAGE_SERVER_NODE_FLAGS`),
 * and refuses to start otherwise.
 */

/**
 * How Node runs a page server (page-server/dist/serve-page-server.mjs), wherever it is started: V8's
 * compilation cache off (a release's source would stay for good, decision 020), and no
 * inspector a signal could open: its render workers run a slice's code, which must not reach
 * the page server's secrets (decision 032). The page server refuses to start without it; what
 * starts one (deploy, e2e, bench) takes the flags from here, beside the check.
 */
export const PAGE_SERVER_NODE_FLAGS = [
  '--enable-source-maps',
  '--no-compilation-cache',
  '--disable-sigusr1',
] as const;

/** Why the page server's inspector could be opened from outside, or undefined when it cannot. */
export function inspectorOpening(
  execArgv: readonly string[],
  nodeOptions = '',
): string | undefined {
  const flags = [...execArgv, ...nodeOptions.split(/\s+/).filter(Boolean)];
  const inspect = flags.find((flag) => /^--inspect(-brk|-wait)?(=|$)/.test(flag));
  if (inspect) return `it was started with ${inspect}`;
  if (!flags.includes('--disable-sigusr1')) return 'it was started without --disable-sigusr1';
  return undefined;
}
