import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleServer, entryFile, packageNameOf } from './bundle-server.ts';

describe('bundleServer', () => {
  let dir: string;
  const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);
  const manifest = (dependencies: Record<string, string>) =>
    write('package.json', JSON.stringify({ name: 'some-server', dependencies }));

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bundle-server-'));
    write('greeting.ts', "export const greeting: string = 'gamarjoba';\n");
    write(
      'main.ts',
      [
        "import path from 'node:path';",
        "import Fastify from 'fastify';",
        "import { serveStatic } from '@fastify/static/serve';",
        "import { greeting } from './greeting';",
        'console.info(path.sep, Fastify, serveStatic, greeting);',
      ].join('\n'),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles the TypeScript in and leaves each declared package an import for node', async () => {
    manifest({ fastify: '5', '@fastify/static': '9' });
    const out = path.join(dir, 'out/main.mjs');

    const packages = await bundleServer(path.join(dir, 'main.ts'), out, dir);

    expect(packages).toEqual(['@fastify/static', 'fastify']);
    const bundle = readFileSync(out, 'utf8');
    expect(bundle).toContain('"gamarjoba"');
    expect(bundle).toMatch(/from "fastify"/);
    expect(bundle).toMatch(/from "node:path"/);
  });

  it('fails the build naming a package the server imports but does not declare', async () => {
    manifest({ fastify: '5' });

    await expect(
      bundleServer(path.join(dir, 'main.ts'), path.join(dir, 'out/main.mjs'), dir),
    ).rejects.toThrow(/imports @fastify\/static, which package\.json does not list/);
  });
});

describe('entryFile', () => {
  it("takes a path as it is, and a package's declared export as that package resolves it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bundle-entry-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app' }));
      writeFileSync(path.join(dir, 'main.ts'), '');
      const server = path.join(dir, 'node_modules/server-pkg');
      mkdirSync(path.join(server, 'src/http'), { recursive: true });
      writeFileSync(path.join(server, 'src/http/serve.ts'), '');
      writeFileSync(
        path.join(server, 'package.json'),
        JSON.stringify({ name: 'server-pkg', exports: { './http/serve': './src/http/serve.ts' } }),
      );

      expect(entryFile('main.ts', dir)).toBe(path.join(dir, 'main.ts'));
      expect(entryFile('server-pkg/http/serve', dir)).toBe(path.join(server, 'src/http/serve.ts'));
      expect(() => entryFile('server-pkg/src/http/serve.ts', dir)).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('packageNameOf', () => {
  it('names the package of a deep or scoped import', () => {
    expect(packageNameOf('zod/mini')).toBe('zod');
    expect(packageNameOf('@fastify/static/lib/x')).toBe('@fastify/static');
    expect(packageNameOf('fastify')).toBe('fastify');
  });
});
