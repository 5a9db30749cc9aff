import { HOST_APP, portOf, REMOTE_APPS, SANDBOX_APP } from 'tooling/apps';

/** Where `pnpm start` serves each app: the one list the servers read too (tooling/apps). */
export const HOST_URL = `http://localhost:${portOf(HOST_APP)}`;

/** Each remote's origin. Its files may sit under a release's path there (nginx). */
export const REMOTES = Object.fromEntries(
  REMOTE_APPS.map((remote) => [remote.name, `http://localhost:${portOf(remote)}`]),
) as Record<(typeof REMOTE_APPS)[number]['name'], string>;

export type RemoteName = keyof typeof REMOTES;

/** The origins a page of the product may load from: the host's and the remotes'. */
const SITE_ORIGINS = new Set(
  [HOST_URL, ...Object.values(REMOTES)].map((url) => new URL(url).origin),
);

/** Whether a page's request stays on the site (inline data and blobs never leave the page). */
export function isOnTheSite(address: string): boolean {
  const url = new URL(address);
  return url.protocol === 'data:' || url.protocol === 'blob:' || SITE_ORIGINS.has(url.origin);
}

/** A pattern for a file of a remote, wherever on its origin the release is. */
export const remoteFile = (remote: RemoteName, file: string) => `${REMOTES[remote]}/**/${file}`;

/** Where the host's runtime configuration says a remote's build is served (its folder URL). */
export async function remoteBaseUrl(remote: RemoteName): Promise<string> {
  const response = await fetch(`${HOST_URL}/runtime-config.json`);
  const config = (await response.json()) as { remotes: { name: string; manifestUrl: string }[] };
  const entry = config.remotes.find((candidate) => candidate.name === remote);
  if (!entry) throw new Error(`the runtime configuration names no ${remote}`);
  return entry.manifestUrl.replace(/mf-manifest\.json$/, '');
}

export const SANDBOX_URL = `http://127.0.0.1:${portOf(SANDBOX_APP)}`;
