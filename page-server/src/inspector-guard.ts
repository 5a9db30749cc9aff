/*
 * The page server holds the keys every customer's session is sealed with; its render workers
 * run slices' code (decision 032). A process of the same user can send it SIGUSR1, which opens
 * Node's inspector, and whoever reaches its port runs code inside the page server. So the page
 * server runs with `--disable-sigusr1` and no `--inspect` (tooling/apps PAGE_SERVER_NODE_FLAGS),
 * and refuses to start otherwise.
 */

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
