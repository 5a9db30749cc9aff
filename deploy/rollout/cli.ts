import { runCli } from '../run-cli';
import { ROLLOUT_COMMANDS, ROLLOUT_USAGE } from './commands';

/** `pnpm --filter deploy rollout <command>`: a slice's release commands (commands.ts). */
await runCli(ROLLOUT_COMMANDS, `rollout [${ROLLOUT_USAGE}]`);
