import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../deploy-paths';
import { IMAGE_APP, IMAGE_NODE, IMAGE_TMP, IMAGE_USER } from './image-layout';

/*
 * `pnpm --filter deploy image:build`: the page server's image from this checkout's builds
 * (`pnpm build` first), by Debian's buildah, from scratch: Node is the repository's own
 * (node_modules/node, the npm `node` package) with the shared libraries `ldd` names for it, so
 * nothing is pulled from a registry.
 */

export const IMAGE_NAME = 'localhost/lender-web/page-server:dev';
/** buildah's storage here: vfs works without overlay mounts (a container's or CI's machine). */
export const BUILDAH = ['buildah', '--storage-driver', 'vfs'] as const;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PAGE_SERVER_FILES = [
  'serve-page-server.mjs',
  'serve-render-service.mjs',
  'render-worker.mjs',
];
/** The host's server entry, which the render workers load (decision 045). */
const HOST_SERVER_ENTRY = 'host/dist-server/render-page.cjs';

/** The files a binary loads besides itself, as `ldd` lists them (its loader among them). */
export function sharedLibraries(lddOutput: string): string[] {
  return lddOutput
    .split('\n')
    .map((line) => /(?:=>\s*)?(\/\S+)\s+\(0x/.exec(line)?.[1])
    .filter((file): file is string => Boolean(file));
}

/** Copies a file to the same path under the root, its links followed. */
function copyInto(root: string, from: string, to = from, mode = 0o755): void {
  const target = path.join(root, to);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(realpathSync(from), target);
  chmodSync(target, mode);
}

/** The image's root: everything the page server reads, nothing else. */
export function stageRoot(context: string): void {
  const missing = [
    ...PAGE_SERVER_FILES.map((file) => path.join(REPO_ROOT, 'page-server/dist', file)),
    path.join(REPO_ROOT, 'host/dist/index.html'),
    path.join(REPO_ROOT, HOST_SERVER_ENTRY),
  ].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(`image: build first (pnpm build); missing ${missing.join(', ')}`);
  }
  const root = path.join(context, 'rootfs');
  const node = path.join(REPO_ROOT, 'node_modules/node/bin/node');
  copyInto(root, node, IMAGE_NODE);
  for (const library of sharedLibraries(
    execFileSync('ldd', [realpathSync(node)], { encoding: 'utf8' }),
  )) {
    copyInto(root, library);
  }
  const { name, uid, gid } = IMAGE_USER;
  mkdirSync(path.join(root, 'etc'), { recursive: true });
  writeFileSync(
    path.join(root, 'etc/passwd'),
    `root:x:0:0::/nonexistent:/nonexistent\n${name}:x:${uid}:${gid}::/nonexistent:/nonexistent\n`,
  );
  writeFileSync(path.join(root, 'etc/group'), `root:x:0:\n${name}:x:${gid}:\n`);
  writeFileSync(path.join(root, 'etc/nsswitch.conf'), 'hosts: files dns\n');
  mkdirSync(path.join(root, IMAGE_TMP), { recursive: true });
  chmodSync(path.join(root, IMAGE_TMP), 0o1777);

  // The page server's production packages (its bundle imports them), as pnpm deploys them.
  const deployed = path.join(context, 'page-server');
  execFileSync(
    'pnpm',
    [
      '--filter',
      'page-server',
      'deploy',
      '--prod',
      '--legacy',
      '--config.allow-unused-patches=true',
      deployed,
    ],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  const app = path.join(root, IMAGE_APP.slice(1));
  mkdirSync(path.join(app, 'page-server/dist'), { recursive: true });
  for (const file of PAGE_SERVER_FILES) {
    copyInto(
      root,
      path.join(REPO_ROOT, 'page-server/dist', file),
      `${IMAGE_APP}/page-server/dist/${file}`,
      0o644,
    );
  }
  copyInto(
    root,
    path.join(deployed, 'package.json'),
    `${IMAGE_APP}/page-server/package.json`,
    0o644,
  );
  cpSync(path.join(deployed, 'node_modules'), path.join(app, 'page-server/node_modules'), {
    recursive: true,
    verbatimSymlinks: true,
  });
  cpSync(path.join(REPO_ROOT, 'host/dist'), path.join(app, 'host/dist'), { recursive: true });
  copyInto(
    root,
    path.join(REPO_ROOT, HOST_SERVER_ENTRY),
    `${IMAGE_APP}/${HOST_SERVER_ENTRY}`,
    0o644,
  );
}

export function buildImage(tag = IMAGE_NAME): void {
  const context = mkdtempSync(path.join(tmpdir(), 'lender-image-'));
  try {
    stageRoot(context);
    copyFileSync(path.join(HERE, 'Containerfile'), path.join(context, 'Containerfile'));
    execFileSync(
      BUILDAH[0],
      [
        ...BUILDAH.slice(1),
        'build',
        '--isolation',
        'chroot',
        '--pull-never',
        '-f',
        'Containerfile',
        '-t',
        tag,
        '.',
      ],
      { cwd: context, stdio: 'inherit' },
    );
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  buildImage(process.argv[2]);
  console.info(
    `image: ${process.argv[2] ?? IMAGE_NAME} built in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}
