import { HOST_APP, portOf, REMOTE_APPS, SANDBOX_APP } from 'tooling/apps';

/** Where `pnpm start` serves each app: the one list the servers read too (tooling/apps). */
export const HOST_URL = `http://localhost:${portOf(HOST_APP)}`;

export const REMOTES = Object.fromEntries(
  REMOTE_APPS.map((remote) => [remote.name, `http://localhost:${portOf(remote)}`]),
) as Record<(typeof REMOTE_APPS)[number]['name'], string>;

export type RemoteName = keyof typeof REMOTES;

export const manifestUrl = (remote: RemoteName) => `${REMOTES[remote]}/mf-manifest.json`;

export const SANDBOX_URL = `http://127.0.0.1:${portOf(SANDBOX_APP)}`;
