import { CLUSTER_COMMANDS, CLUSTER_USAGE } from './cluster/cluster-manifests';
import { NGINX_COMMANDS, NGINX_USAGE } from './nginx/cli';
import { renderSite } from './nginx/site';
import { ROLLOUT_USAGE, rolloutCommands } from './rollout/commands';
import { runCli } from './run-cli';

/*
 * The deployment's one command line: nginx's commands (nginx/cli.ts) and a slice's rollout
 * (rollout/commands.ts), whose every step renders the deployment's pages from the releases
 * document. Run as `pnpm --filter deploy nginx …` (no command: `start`) or `pnpm --filter deploy
 * rollout …`; a cluster's manifests as `pnpm --filter deploy cluster manifests` (cluster/).
 */

const asNginx = process.env.npm_lifecycle_event === 'nginx';

if (process.env.npm_lifecycle_event === 'cluster') {
  await runCli(CLUSTER_COMMANDS, `cluster ${CLUSTER_USAGE}`);
  process.exit(0);
}

await runCli(
  {
    ...NGINX_COMMANDS,
    ...rolloutCommands((env, releases) => {
      renderSite(env, releases);
    }),
  },
  `${asNginx ? 'nginx' : 'rollout'} [${NGINX_USAGE} | ${ROLLOUT_USAGE}]`,
  asNginx ? 'start' : undefined,
);
