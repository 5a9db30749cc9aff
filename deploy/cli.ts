import { NGINX_COMMANDS, NGINX_USAGE } from './nginx/cli';
import { renderFromDocument } from './nginx/site';
import { ROLLOUT_USAGE, rolloutCommands } from './rollout/commands';
import { runCli } from './run-cli';

/*
 * The deployment's one command line: nginx's commands (nginx/cli.ts) and a slice's rollout
 * (rollout/commands.ts), whose every step renders the deployment's pages from the releases document. Run as
 * `pnpm --filter deploy nginx …` (no command: `start`) or `pnpm --filter deploy rollout …`.
 */

const asNginx = process.env.npm_lifecycle_event === 'nginx';

await runCli(
  {
    ...NGINX_COMMANDS,
    ...rolloutCommands((env) => {
      renderFromDocument(env);
    }),
  },
  `${asNginx ? 'nginx' : 'rollout'} [${NGINX_USAGE} | ${ROLLOUT_USAGE}]`,
  asNginx ? 'start' : undefined,
);
