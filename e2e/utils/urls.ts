import { HOST_APP, portOf, REMOTE_APPS, SANDBOX_APP } from 'release-contract/apps';

/** Where `pnpm start` serves each app: the one list the servers read too (release-contract/apps). */
export const HOST_URL = `http://localhost:${portOf(HOST_APP)}`;

/** Each remote's origin. Its files may sit under a release's path there (nginx). */
export const REMOTES = Object.fromEntries(
  REMOTE_APPS.map((remote) => [remote.name, `http://localhost:${portOf(remote)}`]),
) as Record<(typeof REMOTE_APPS)[number]['name'], string>;

export type RemoteName = keyof typeof REMOTES;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const folderOf = (remote: RemoteName) =>
  REMOTE_APPS.find((app) => app.name === remote)?.folder ?? remote;

/**
 * Where a remote's files are served: its own origin (`pnpm start`), or its folder under the
 * host's origin (nginx's deployment, decision 031), a release's path below either.
 */
const remotePlaces = (remote: RemoteName) =>
  `(?:${escapeRegExp(`${REMOTES[remote]}/`)}|${escapeRegExp(`${HOST_URL}/${folderOf(remote)}/`)})`;

/** Whether an address is one of a remote's files, wherever it is served. */
export const isRemoteFile = (remote: RemoteName, address: string) =>
  new RegExp(`^${remotePlaces(remote)}`).test(address);

/** The release folder (`releases/<id>`) a remote's file came from; none outside nginx. */
export const releaseFolderOf = (remote: RemoteName, address: string) =>
  new RegExp(`^${remotePlaces(remote)}(releases/[0-9a-f]+)/`).exec(address)?.[1];

/** The origins a page of the product may load from: the host's and the remotes'. */
const SITE_ORIGINS = new Set(
  [HOST_URL, ...Object.values(REMOTES)].map((url) => new URL(url).origin),
);

/** Whether a page's request stays on the site (inline data and blobs never leave the page). */
export function isOnTheSite(address: string): boolean {
  const url = new URL(address);
  return url.protocol === 'data:' || url.protocol === 'blob:' || SITE_ORIGINS.has(url.origin);
}

/** A file of a remote, wherever it is served and whichever release it is (a query or not). */
export const remoteFile = (remote: RemoteName, file: string) =>
  new RegExp(`^${remotePlaces(remote)}(?:.*/)?${escapeRegExp(file)}(\\?|$)`);

/**
 * The same file of a remote on the remote's own origin: nginx serves each remote's folder both
 * there and under the host's origin (decision 031), `pnpm start` only there.
 */
export function onItsOwnOrigin(remote: RemoteName, address: string): string {
  const underHost = `${HOST_URL}/${folderOf(remote)}/`;
  return address.startsWith(underHost)
    ? `${REMOTES[remote]}/${address.slice(underHost.length)}`
    : address;
}

/**
 * A remote's own page (its standalone build) and where the host's configuration loads the
 * remote from: the same folder, but the page only ever on the remote's own origin — under the
 * host's (nginx) a slice's HTML would run as the site, and is refused.
 */
export async function remoteOwnPage(remote: RemoteName): Promise<{ page: string; loaded: string }> {
  const loaded = await remoteBaseUrl(remote);
  return { page: onItsOwnOrigin(remote, loaded), loaded };
}

/** Where the host's runtime configuration says a remote's build is served (its folder URL). */
export async function remoteBaseUrl(remote: RemoteName): Promise<string> {
  const response = await fetch(`${HOST_URL}/runtime-config.json`);
  const config = (await response.json()) as { remotes: { name: string; manifestUrl: string }[] };
  const entry = config.remotes.find((candidate) => candidate.name === remote);
  if (!entry) throw new Error(`the runtime configuration names no ${remote}`);
  return entry.manifestUrl.replace(/mf-manifest\.json$/, '');
}

export const SANDBOX_URL = `http://127.0.0.1:${portOf(SANDBOX_APP)}`;
