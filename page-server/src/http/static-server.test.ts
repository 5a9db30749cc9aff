// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { precompressFile } from 'tooling/rspack/precompress-plugin';
import { exactRequest, rawRequest } from './raw-request';
import { commonSecurityHeaders } from './security-headers';
import { cacheControlFor, createStaticServer, KEEP_ALIVE_TIMEOUT_MS } from './static-server';

describe('cacheControlFor', () => {
  it('makes files that name the current release revalidate, and hashed files immutable', () => {
    for (const name of ['index.html', 'mf-manifest.json', 'remoteEntry.js']) {
      expect(cacheControlFor(`/dist/${name}`), name).toBe('no-cache');
    }
    expect(cacheControlFor('/dist/__federation_expose_HomeSlider.1a2b3c4d.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/dist/assets/logo.svg')).toBe('no-cache');
  });

  it('caches a precompressed copy as the file it stands for', () => {
    expect(cacheControlFor('/dist/main.1a2b3c4d.js.br')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/dist/remoteEntry.js.gz')).toBe('no-cache');
  });
});

describe('a remote served by createStaticServer', () => {
  let root: string;
  let app: FastifyInstance;

  beforeEach(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'remote-dist-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(root, 'mf-manifest.json'), '{}');
    app = await createStaticServer({ root, corsOrigins: ['http://localhost:3000'] });
  });

  afterEach(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps an idle connection open for the time a proxy in front is written to undercut', () => {
    expect(app.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
  });

  it('never sends a source map, though the build keeps it', async () => {
    writeFileSync(path.join(root, 'remoteEntry.js'), 'var remote_home;');
    writeFileSync(path.join(root, 'remoteEntry.js.map'), '{"sources":["src/secret.ts"]}');
    expect((await app.inject({ url: '/remoteEntry.js' })).statusCode).toBe(200);
    for (const url of ['/remoteEntry.js.map', '/remoteEntry.js.map?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('secret');
    }
  });

  it('never sends federation’s stats, which name source paths and dependency versions', async () => {
    writeFileSync(path.join(root, 'mf-stats.json'), '{"metaData":{"buildInfo":"src/x.ts"}}');
    const response = await app.inject({ url: '/mf-stats.json' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('src/x.ts');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never sends the stats or a map in another spelling: a precompressed copy, an escaped dot (issue 45, row 14)', async () => {
    const stats = JSON.stringify({ metaData: { buildInfo: 'src/x.ts' }, pad: 'x'.repeat(4000) });
    writeFileSync(path.join(root, 'mf-stats.json'), stats);
    expect(await precompressFile(path.join(root, 'mf-stats.json'))).toHaveLength(2);
    writeFileSync(path.join(root, 'remoteEntry.js.map'), '{"sources":["src/secret.ts"]}');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (const [url, encoding] of [
      ['/mf-stats.json.gz', 'identity'],
      ['/mf-stats.json.br', 'identity'],
      ['/mf-stats.json', 'gzip, br'],
      ['/mf-stats%2ejson', 'gzip, br'],
      ['/mf-stats%2Ejson.gz', 'identity'],
      ['/remoteEntry.js%2emap', 'identity'],
    ] as const) {
      const answer = await exactRequest(port, {
        path: url,
        headers: { 'accept-encoding': encoding },
      });
      expect(answer.status, url).toBe(404);
      expect(answer.headers['content-encoding'], url).toBeUndefined();
      expect(answer.body, url).not.toMatch(/buildInfo|secret/);
    }
  });

  it('refuses a path that climbs or is ambiguously escaped: a plain 400 with every answer’s headers (issue 45, row 3)', async () => {
    writeFileSync(path.join(root, 'remoteEntry.js'), 'var remote_home;');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (const url of [
      '/x/%2e%2e/remoteEntry.js',
      '/x/../remoteEntry.js',
      '/x/%2e%2e%2fremoteEntry.js',
      '/%252e%252e/remoteEntry.js',
      '/x/..\\remoteEntry.js',
      '/remoteEntry.js%00',
      'http://evil.example/remoteEntry.js',
    ]) {
      const answer = await exactRequest(port, { path: url });
      expect([answer.status, answer.body], url).toEqual([400, 'Bad request\n']);
      expect(answer.headers['content-type'], url).toMatch(/^text\/plain/);
      for (const [name, value] of Object.entries(commonSecurityHeaders(false))) {
        expect(answer.headers[name.toLowerCase()], `${url}: ${name}`).toBe(value);
      }
    }
    // The same file by a spelling that names it alone is served, as the canonical path.
    const spelt = await exactRequest(port, { path: '/%72emoteEntry.js' });
    expect([spelt.status, spelt.body]).toEqual([200, 'var remote_home;']);
  });

  it('answers a request Node cannot parse with every answer’s security headers', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (const [request, status] of [
      ['GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      [`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`, 431],
    ] as const) {
      const answer = await rawRequest(port, request);
      expect(answer, request.slice(0, 20)).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      for (const [name, value] of Object.entries(commonSecurityHeaders(false))) {
        expect(answer).toContain(`${name}: ${value}\r\n`);
      }
    }
  });

  it('lets the host origin read its files, and no other origin', async () => {
    const fromHost = await app.inject({
      url: '/mf-manifest.json',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(fromHost.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(fromHost.headers.vary).toMatch(/Origin/);

    const fromElsewhere = await app.inject({
      url: '/mf-manifest.json',
      headers: { origin: 'https://evil.example' },
    });
    expect(fromElsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('varies every answer by Origin, so a copy cached without CORS is never reused for a CORS read', async () => {
    const plain = await app.inject({ url: '/mf-manifest.json' });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Origin/);
  });

  it('answers a CORS preflight from the host', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/remoteEntry.js',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-methods']).toContain('GET');
  });

  it('sends the precompressed copy the browser accepts, marked so caches keep them apart', async () => {
    const script = `export const figures = ${JSON.stringify('₾ 1 000,00 '.repeat(400))};`;
    writeFileSync(path.join(root, 'main.1a2b3c4d.js'), script);
    await precompressFile(path.join(root, 'main.1a2b3c4d.js'));

    const brotli = await app.inject({
      url: '/main.1a2b3c4d.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await app.inject({
      url: '/main.1a2b3c4d.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const identity = await app.inject({ url: '/main.1a2b3c4d.js' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(script);
  });

  it('refuses to start without a build', async () => {
    await expect(createStaticServer({ root: path.join(root, 'missing') })).rejects.toThrow(
      /pnpm build/,
    );
  });
});
