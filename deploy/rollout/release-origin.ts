import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { RemoteApp } from 'release-contract/apps';
import { IMMUTABLE } from 'release-contract/build-output';
import { SITE_DIR } from '../deploy-paths';
import { filesOf } from './release-id';
import type { Env } from './release-store';

/*
 * The release origin (issue 48): the static store every release is uploaded to once and
 * served from, behind a CDN in production. Two kinds, chosen by RELEASE_ORIGIN: a directory
 * (today's `.nginx/site`, nginx serving it) or an http(s) base URL written with PUT and asked
 * with HEAD — what nginx's dav module and an S3-compatible store accept. Every request carries
 * the origin's credential (issue 56): SigV4-signed when RELEASE_ORIGIN_ACCESS_KEY,
 * RELEASE_ORIGIN_SECRET_KEY and RELEASE_ORIGIN_REGION are set (S3), else a bearer token when
 * RELEASE_ORIGIN_TOKEN is (a store behind an authenticating front, as the three machines' nginx).
 */

export interface PutOptions {
  contentType: string;
  cacheControl: string;
}

export interface ReleaseOrigin {
  /** Where it is, for messages. */
  readonly where: string;
  has(key: string): Promise<boolean>;
  put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void>;
}

/** A folder as the origin: each file moved into place whole, an existing one never replaced. */
export function directoryOrigin(root: string): ReleaseOrigin {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(`${path.resolve(root)}${path.sep}`)) throw new Error(`${key}: not a key`);
    return file;
  };
  return {
    where: root,
    has: async (key) => existsSync(fileOf(key)),
    put: async (key, bytes) => {
      const file = fileOf(key);
      if (existsSync(file)) return;
      mkdirSync(path.dirname(file), { recursive: true });
      const staging = `${file}.${process.pid}.uploading`;
      writeFileSync(staging, bytes);
      renameSync(staging, file);
    },
  };
}

/** An S3-compatible store's keys, or the bearer token of a store behind an authenticating front. */
export type OriginCredentials =
  | { accessKeyId: string; secretAccessKey: string; region: string }
  | { token: string };

/** A fetch that sends the origin's credential with every request, when there is one. */
export function originFetch(credentials?: OriginCredentials): typeof fetch {
  if (!credentials) return fetch;
  if ('token' in credentials) {
    const authorization = `Bearer ${credentials.token}`;
    return (input, init) =>
      fetch(input, { ...init, headers: { ...headersOf(init), authorization } });
  }
  const client = new AwsClient({ ...credentials, service: 's3' });
  return (input, init) => client.fetch(input as string, init);
}

/** A request's headers as a plain record (they are given as one here, or as a Headers). */
const headersOf = (init: RequestInit | undefined): Record<string, string> =>
  Object.fromEntries(new Headers(init?.headers).entries());

/** An http(s) base URL as the origin: HEAD asks for a key, PUT writes it. */
export function httpOrigin(base: string, send: typeof fetch = fetch): ReleaseOrigin {
  const urlOf = (key: string) => `${base.replace(/\/+$/, '')}/${key}`;
  return {
    where: base,
    async has(key) {
      // Identity only: a store that negotiates encodings (nginx's gzip_static) would otherwise
      // answer a missing file's HEAD with its compressed sibling, and it would never be put.
      const response = await send(urlOf(key), {
        method: 'HEAD',
        headers: { 'accept-encoding': 'identity' },
      });
      if (response.status === 404) return false;
      if (!response.ok) throw new Error(`HEAD ${urlOf(key)} answered ${response.status}`);
      return true;
    },
    async put(key, bytes, options) {
      await putUrl(urlOf(key), bytes, options, send);
    },
  };
}

/** One PUT, its failure an error naming the address. */
export async function putUrl(
  url: string,
  bytes: Uint8Array,
  options: PutOptions,
  send: typeof fetch = fetch,
): Promise<void> {
  const response = await send(url, {
    method: 'PUT',
    // Node's fetch takes any bytes; the DOM's type wants them on an ArrayBuffer.
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': options.contentType, 'cache-control': options.cacheControl },
  });
  if (!response.ok) throw new Error(`PUT ${url} answered ${response.status}`);
}

export const isUrl = (value: string) => /^https?:\/\//i.test(value);

/**
 * RELEASE_ORIGIN_ACCESS_KEY/SECRET_KEY/REGION, all three or none; else RELEASE_ORIGIN_TOKEN.
 * Both at once is a mistake said at once, not a choice made silently.
 */
export function originCredentials(env: Env): OriginCredentials | undefined {
  const accessKeyId = env.RELEASE_ORIGIN_ACCESS_KEY?.trim();
  const secretAccessKey = env.RELEASE_ORIGIN_SECRET_KEY?.trim();
  const region = env.RELEASE_ORIGIN_REGION?.trim();
  const token = env.RELEASE_ORIGIN_TOKEN?.trim();
  if (!accessKeyId && !secretAccessKey) return token ? { token } : undefined;
  if (!accessKeyId || !secretAccessKey || !region) {
    throw new Error(
      'RELEASE_ORIGIN_ACCESS_KEY, RELEASE_ORIGIN_SECRET_KEY and RELEASE_ORIGIN_REGION go together',
    );
  }
  if (token) {
    throw new Error('RELEASE_ORIGIN_TOKEN or the S3 keys (RELEASE_ORIGIN_ACCESS_KEY…), not both');
  }
  return { accessKeyId, secretAccessKey, region };
}

/** The deployment's origin: RELEASE_ORIGIN (a folder or an http(s) URL), else `.nginx/site`. */
export function releaseOrigin(env: Env = process.env): ReleaseOrigin {
  const configured = env.RELEASE_ORIGIN?.trim();
  if (configured && isUrl(configured)) {
    return httpOrigin(configured, originFetch(originCredentials(env)));
  }
  return directoryOrigin(configured || SITE_DIR);
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript',
  '.cjs': 'application/javascript',
  '.mjs': 'application/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.gz': 'application/gzip',
  '.br': 'application/x-brotli',
};
export const contentTypeOf = (file: string) =>
  CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';

/** A release's place on the origin: `<remote>/releases/<id>/`. */
export const releaseKey = (remote: RemoteApp, id: string, file = '') =>
  `${remote.folder}/releases/${id}/${file}`;

export const MANIFEST = 'mf-manifest.json';

/** The files a build publishes (no source maps, no stats), relative to it, the manifest last. */
function publishedFiles(build: string): string[] {
  const files = filesOf(build);
  // Last: no reader meets a manifest naming files not there yet.
  return [
    ...files.filter((file) => file !== MANIFEST),
    ...files.filter((file) => file === MANIFEST),
  ];
}

/**
 * Uploads a build as a release, once: a file already there is never written again (the same
 * id is the same bytes), every file cached for a year as immutable, the manifest put last.
 */
export async function uploadRelease(
  origin: ReleaseOrigin,
  remote: RemoteApp,
  id: string,
  build: string,
): Promise<{ uploaded: number; kept: number }> {
  let uploaded = 0;
  let kept = 0;
  for (const file of publishedFiles(build)) {
    const key = releaseKey(remote, id, file.split(path.sep).join('/'));
    if (await origin.has(key)) {
      kept += 1;
      continue;
    }
    await origin.put(key, readFileSync(path.join(build, file)), {
      contentType: contentTypeOf(file),
      cacheControl: IMMUTABLE,
    });
    uploaded += 1;
  }
  return { uploaded, kept };
}
