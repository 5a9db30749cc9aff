import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTE_APPS, type RemoteApp } from 'release-contract/apps';
import { IMMUTABLE } from 'release-contract/build-output';
import { releasesPublicKey, verifyReleasesDocument } from 'release-contract/signed-releases';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishReleasesDocument } from './deployed-store';
import {
  directoryOrigin,
  httpOrigin,
  originFetch,
  releaseOrigin,
  uploadRelease,
} from './release-origin';

const home = REMOTE_APPS.find((app) => app.folder === 'remote-home') as RemoteApp;
const ID = 'aaaaaaaaaaaa';

// The rollout's key, as a lender's rollout is given it.
const keys = generateKeyPairSync('ed25519');
const SIGNING = {
  RELEASES_SIGNING_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const publicKey = releasesPublicKey(
  keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
);
const EMPTY = { remotes: [] };
const ONE = {
  remotes: [{ name: 'remote_home' as const, manifestUrl: 'https://cdn.example/m.json' }],
};
/** The document a page server would believe from what was published. */
const believed = async (text: string | undefined) =>
  (await verifyReleasesDocument(text ?? '', publicKey, false)).document;

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'release-origin-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A build: a hashed chunk, a compressed copy, the manifest, and what is never published. */
function build() {
  const dist = path.join(folder, 'dist');
  mkdirSync(path.join(dist, 'ssr'), { recursive: true });
  for (const [file, text] of Object.entries({
    'remoteEntry.js': 'var remote_home;',
    '174.24c18c34.js': 'chunk',
    '174.24c18c34.js.gz': 'gzipped',
    'ssr/remote-entry.cjs': 'exports.x = 1;',
    'mf-manifest.json': '{"metaData":{}}',
    'mf-manifest.json.gz': 'gzipped manifest',
    'mf-stats.json': '{}',
    'remoteEntry.js.map': '{}',
  }))
    writeFileSync(path.join(dist, file), text);
  return dist;
}

const PUBLISHED = [
  'remote-home/releases/aaaaaaaaaaaa/174.24c18c34.js',
  'remote-home/releases/aaaaaaaaaaaa/174.24c18c34.js.gz',
  'remote-home/releases/aaaaaaaaaaaa/mf-manifest.json.gz',
  'remote-home/releases/aaaaaaaaaaaa/remoteEntry.js',
  'remote-home/releases/aaaaaaaaaaaa/ssr/remote-entry.cjs',
  // Last: no reader meets a manifest naming files not there yet.
  'remote-home/releases/aaaaaaaaaaaa/mf-manifest.json',
];

describe('a release origin that is a folder (nginx serves it)', () => {
  it('takes a release once, its manifest last, and never writes over a file there', async () => {
    const dist = build();
    const site = path.join(folder, 'site');
    expect(await uploadRelease(directoryOrigin(site), home, ID, dist)).toEqual({
      uploaded: PUBLISHED.length,
      kept: 0,
    });
    const released = path.join(site, 'remote-home/releases', ID);
    expect(readFileSync(path.join(released, 'ssr/remote-entry.cjs'), 'utf8')).toBe(
      'exports.x = 1;',
    );
    expect(() => readFileSync(path.join(released, 'mf-stats.json'))).toThrow();
    expect(() => readFileSync(path.join(released, 'remoteEntry.js.map'))).toThrow();

    writeFileSync(path.join(dist, 'remoteEntry.js'), 'changed since');
    expect(await uploadRelease(directoryOrigin(site), home, ID, dist)).toEqual({
      uploaded: 0,
      kept: PUBLISHED.length,
    });
    expect(readFileSync(path.join(released, 'remoteEntry.js'), 'utf8')).toBe('var remote_home;');
  });

  it('refuses a key that climbs out of it', async () => {
    await expect(
      directoryOrigin(folder).put('../elsewhere', new Uint8Array(), {
        contentType: 'text/plain',
        cacheControl: IMMUTABLE,
      }),
    ).rejects.toThrow('not a key');
  });
});

describe('a release origin over HTTP (nginx dav, an S3-compatible store)', () => {
  let server: Server;
  let base: string;
  let stored: Map<string, { body: string; headers: Record<string, string | undefined> }>;
  let requests: { method: string; url: string; authorization: string | undefined }[];

  beforeEach(async () => {
    stored = new Map();
    requests = [];
    server = createServer((request, response) => {
      const url = request.url ?? '';
      requests.push({
        method: request.method ?? '',
        url,
        authorization: request.headers.authorization,
      });
      if (request.method === 'HEAD') {
        // As nginx's gzip_static does: a file's compressed copy answers for it to a client
        // that accepts gzip.
        const gzipped = /gzip/.test(request.headers['accept-encoding'] ?? '');
        const found = stored.has(url) || (gzipped && stored.has(`${url}.gz`));
        response.writeHead(found ? 200 : 404).end();
        return;
      }
      if (request.method === 'PUT') {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          stored.set(url, {
            body: Buffer.concat(chunks).toString('utf8'),
            headers: {
              'content-type': request.headers['content-type'],
              'cache-control': request.headers['cache-control'],
            },
          });
          response.writeHead(201).end();
        });
        return;
      }
      response.writeHead(405).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/origin`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks for each file with HEAD, PUTs the missing ones as immutable, the manifest last, and none twice', async () => {
    const dist = build();
    await uploadRelease(httpOrigin(base), home, ID, dist);
    const puts = requests.filter((request) => request.method === 'PUT').map((r) => r.url);
    expect(puts).toEqual(PUBLISHED.map((key) => `/origin/${key}`));
    expect(stored.get(`/origin/${PUBLISHED[3]}`)).toEqual({
      body: 'var remote_home;',
      headers: { 'content-type': 'application/javascript', 'cache-control': IMMUTABLE },
    });
    expect(stored.get(`/origin/${PUBLISHED.at(-1)}`)?.headers['content-type']).toBe(
      'application/json',
    );

    requests = [];
    await uploadRelease(httpOrigin(base), home, ID, dist);
    expect(requests.map((request) => request.method)).toEqual(Array(PUBLISHED.length).fill('HEAD'));
  });

  it('signs every request with SigV4 when it has keys, and sends none without', async () => {
    const env = {
      RELEASE_ORIGIN: base,
      RELEASE_ORIGIN_ACCESS_KEY: 'AKIDEXAMPLE',
      RELEASE_ORIGIN_SECRET_KEY: 'secret',
      RELEASE_ORIGIN_REGION: 'eu-central-1',
    };
    await uploadRelease(releaseOrigin(env), home, ID, build());
    expect(requests).toHaveLength(2 * PUBLISHED.length);
    for (const request of requests) {
      expect(request.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
      );
    }
    requests = [];
    await httpOrigin(base, originFetch()).has('anything');
    expect(requests[0]?.authorization).toBeUndefined();
    expect(() => releaseOrigin({ ...env, RELEASE_ORIGIN_REGION: '' })).toThrow('go together');
  });

  it('sends RELEASE_ORIGIN_TOKEN as a bearer with every upload and every question, the document too', async () => {
    const env = { RELEASE_ORIGIN: base, RELEASE_ORIGIN_TOKEN: 'upload-token' };
    await uploadRelease(releaseOrigin(env), home, ID, build());
    await publishReleasesDocument(
      { ...env, ...SIGNING, RELEASES_TARGET: `${base}/releases.json` },
      EMPTY,
    );
    expect(requests).toHaveLength(2 * PUBLISHED.length + 1);
    for (const request of requests) expect(request.authorization).toBe('Bearer upload-token');
    // The headers it was given still go: the document is never cached.
    expect(stored.get('/origin/releases.json')?.headers['cache-control']).toBe('no-cache');
    expect(() =>
      releaseOrigin({
        ...env,
        RELEASE_ORIGIN_ACCESS_KEY: 'AKIDEXAMPLE',
        RELEASE_ORIGIN_SECRET_KEY: 'secret',
        RELEASE_ORIGIN_REGION: 'eu-central-1',
      }),
    ).toThrow('not both');
  });

  it('publishes the releases document to an http(s) RELEASES_TARGET signed by the rollout, replaced each time, never cached, the upload signed with keys', async () => {
    const env = {
      ...SIGNING,
      RELEASES_TARGET: `${base}/releases.json`,
      RELEASE_ORIGIN_ACCESS_KEY: 'AKIDEXAMPLE',
      RELEASE_ORIGIN_SECRET_KEY: 'secret',
      RELEASE_ORIGIN_REGION: 'eu-central-1',
    };
    await publishReleasesDocument(env, EMPTY);
    await publishReleasesDocument(env, ONE);
    const published = stored.get('/origin/releases.json');
    expect(published?.headers).toEqual({
      'content-type': 'application/json',
      'cache-control': 'no-cache',
    });
    expect(await believed(published?.body)).toEqual(ONE);
    expect(requests.map((request) => request.method)).toEqual(['PUT', 'PUT']);
    expect(requests[0]?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    // A file target gets the signed document whole; nothing is sent.
    requests = [];
    const file = path.join(folder, 'releases.signed.json');
    await publishReleasesDocument({ ...SIGNING, RELEASES_TARGET: file }, ONE);
    expect(requests).toEqual([]);
    expect(await believed(readFileSync(file, 'utf8'))).toEqual(ONE);
  });

  it('stops on an origin that refuses a file', async () => {
    server.removeAllListeners('request');
    server.on('request', (_request, response) => response.writeHead(403).end());
    await expect(uploadRelease(httpOrigin(base), home, ID, build())).rejects.toThrow(
      'answered 403',
    );
  });
});
