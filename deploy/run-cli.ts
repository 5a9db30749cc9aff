/** Runs the command the arguments name; a failure prints its message alone and exits 1. */
export async function runCli(
  commands: Record<string, (args: string[]) => unknown>,
  usage: string,
  fallback?: string,
): Promise<void> {
  const [command = fallback, ...rest] = process.argv.slice(2);
  const run = command === undefined ? undefined : commands[command];
  if (!run) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  try {
    await run(rest);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
