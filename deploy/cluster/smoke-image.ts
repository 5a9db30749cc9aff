import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_APPS } from 'release-contract/apps';
import type { ReleasesDocument } from 'release-contract/releases-document';
import { publicKeyPemOf, signReleasesDocument } from 'release-contract/signed-releases';
import { BUILDAH, IMAGE_NAME } from './build-image';
import { RELEASES_FILE, RELEASES_MOUNT } from './cluster-input';
import { EXAMPLE_RELEASES, EXAMPLE_RELEASES_KEY, inputFromReleasesFile } from './cluster-manifests';
import { IMAGE_USER } from './image-layout';
import { pageServerDeployment } from './page-server-deployment';
import { renderServiceDeployment } from './render-service-deployment';

/*
 * `pnpm --filter deploy image:smoke`: the image (image:build) run as the Deployment runs it — its
 * command, its user, the releases document mounted — by `buildah run --isolation chroot`, which
 * shares this machine's network. An upstream stands in for the provider and for a release origin
 * that is down (every manifest 404s): the page server must become ready and serve `/` with the
 * page, its slots left to the browser. remote_home's render service runs beside it, as its
 * Deployment runs it: the page server asks it for that slice's worker, and the smoke asks it for
 * one too and for another slice's, which it refuses.
 */

/** Ports off the product's fixed ones: the smoke runs beside anything else on the machine. */
const PAGE_PORT = 3650;
const METRICS_PORT = 3750;
const RENDER_PORT = 3850;

async function waitFor(url: string, ms: number): Promise<Response> {
  const until = Date.now() + ms;
  let last = 'nothing answered';
  while (Date.now() < until) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
      last = `${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`image smoke: ${url} did not answer 200 within ${ms} ms (${last})`);
}

/** The render service's lines for a connection whose first line is a hello for `tenant`, until `enough`. */
async function askRenderService(
  tenant: string,
  enough: (lines: { kind?: string }[]) => boolean,
): Promise<{ kind?: string }[]> {
  const socket = connect({ host: '127.0.0.1', port: RENDER_PORT });
  const lines: { kind?: string }[] = [];
  let partial = '';
  const hello = {
    kind: 'hello',
    init: { bundle: '', apiUpstream: 'http://127.0.0.1:9', unpinned: 'refuse', tenant },
    heapMb: 128,
    exposeGc: false,
  };
  socket.write(`${JSON.stringify(hello)}\n`);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`image smoke: the render service said ${JSON.stringify(lines)}`)),
        30_000,
      );
      socket.on('error', reject);
      socket.on('close', () => resolve());
      socket.on('data', (chunk) => {
        const text = `${partial}${chunk.toString('utf8')}`.split('\n');
        partial = text.pop() ?? '';
        lines.push(...text.filter(Boolean).map((line) => JSON.parse(line)));
        if (enough(lines)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  } finally {
    socket.destroy();
  }
  return lines;
}

async function smoke(): Promise<void> {
  const started = Date.now();
  // The provider and the release origin, both answering nothing useful.
  const upstream = createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"not here"}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

  const mounted = mkdtempSync(path.join(tmpdir(), 'lender-smoke-'));
  // Readable by the image's user, as a ConfigMap's files are (0644 in a 0755 folder).
  chmodSync(mounted, 0o755);
  const releases: ReleasesDocument = {
    remotes: REMOTE_APPS.map((remote) => ({
      name: remote.name,
      manifestUrl: `${origin}/${remote.folder}/releases/000000000000/mf-manifest.json`,
    })),
  };
  // Signed as a rollout signs it (decision 040), with a key made for this run.
  const { privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(
    path.join(mounted, RELEASES_FILE),
    await signReleasesDocument(releases, privateKey),
    { mode: 0o644 },
  );

  const container = await inputFromReleasesFile(EXAMPLE_RELEASES, EXAMPLE_RELEASES_KEY);
  const command = pageServerDeployment(container).spec?.template.spec?.containers[0]?.command ?? [];
  const renderContainer = renderServiceDeployment('remote_home', container).spec?.template.spec
    ?.containers[0];
  const renderEnv = {
    ...Object.fromEntries(
      (renderContainer?.env ?? []).flatMap((entry) =>
        entry.value === undefined ? [] : [[entry.name, entry.value]],
      ),
    ),
    RENDER_SERVICE_PORT: String(RENDER_PORT),
    LISTEN_HOST: '127.0.0.1',
  };
  const env = {
    HOST_PORT: String(PAGE_PORT),
    LISTEN_HOST: '127.0.0.1',
    METRICS_PORT: String(METRICS_PORT),
    METRICS_HOST: '127.0.0.1',
    RELEASES_SOURCE: `${RELEASES_MOUNT}/${RELEASES_FILE}`,
    // One line, as an environment file takes it: the page server reads the \n escapes.
    RELEASES_PUBLIC_KEY: publicKeyPemOf(privateKey).trim().replace(/\n/g, '\\n'),
    API_BASE_URL: origin,
    HOST_ORIGINS: `http://127.0.0.1:${PAGE_PORT}`,
    RENDER_WORKER_USER: '-',
    RENDER_SERVICE_REMOTE_HOME: `127.0.0.1:${RENDER_PORT}`,
    SESSION_SECRET: 'smoke-test-session-secret-of-32-characters-at-least',
  };
  const id = execFileSync(BUILDAH[0], [...BUILDAH.slice(1), 'from', '--pull-never', IMAGE_NAME], {
    encoding: 'utf8',
  }).trim();
  // As a pod runs it: the image's user, these variables, this command.
  const run = (variables: Record<string, string>, argv: readonly string[], volume: string[] = []) =>
    spawn(
      BUILDAH[0],
      [
        ...BUILDAH.slice(1),
        'run',
        '--isolation',
        'chroot',
        '--user',
        `${IMAGE_USER.uid}:${IMAGE_USER.gid}`,
        ...volume,
        ...Object.entries(variables).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
        id,
        '--',
        ...argv,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  let server: ChildProcess | undefined;
  let renderService: ChildProcess | undefined;
  try {
    renderService = run(renderEnv, renderContainer?.command ?? []);
    server = run(env, command, ['--volume', `${mounted}:${RELEASES_MOUNT}:ro`]);
    const exited = new Promise<never>((_, reject) => {
      server?.once('exit', (code) =>
        reject(new Error(`image smoke: the page server exited (${code})`)),
      );
      renderService?.once('exit', (code) =>
        reject(new Error(`image smoke: the render service exited (${code})`)),
      );
    });
    await Promise.race([waitFor(`http://127.0.0.1:${METRICS_PORT}/ready`, 90_000), exited]);
    const health = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/health`)).json();
    console.info(
      `image smoke: ready after ${Math.round((Date.now() - started) / 1000)} s; health ${JSON.stringify(health)}`,
    );
    const page = await Promise.race([waitFor(`http://127.0.0.1:${PAGE_PORT}/`, 30_000), exited]);
    const html = await page.text();
    if (!/<html/i.test(html) || !html.includes('id="root"')) {
      throw new Error(`image smoke: / answered 200 without the page: ${html.slice(0, 200)}`);
    }
    console.info(
      `image smoke: / answered ${page.status} with the page (${html.length} characters) in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    // The image's render service starts its slice's worker (Node's permission model, the
    // worker's files) and refuses another slice's.
    const worker = await askRenderService('remote_home', (lines) =>
      lines.some((line) => line.kind === 'from'),
    );
    if (!worker.some((line) => line.kind === 'started')) {
      throw new Error(
        `image smoke: the render service started no worker: ${JSON.stringify(worker)}`,
      );
    }
    const refused = await askRenderService('remote_loans', () => false);
    if (refused[0]?.kind !== 'refused') {
      throw new Error(
        `image smoke: the render service took another slice's worker: ${JSON.stringify(refused)}`,
      );
    }
    console.info(
      'image smoke: the remote_home render service ran its worker and refused remote_loans',
    );
  } finally {
    for (const child of [server, renderService]) {
      child?.kill('SIGTERM');
      await new Promise((resolve) =>
        child?.exitCode === null ? child.once('exit', resolve) : resolve(null),
      );
    }
    execFileSync(BUILDAH[0], [...BUILDAH.slice(1), 'rm', id], { stdio: 'ignore' });
    upstream.close();
    rmSync(mounted, { recursive: true, force: true });
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await smoke();
}
