import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { IMMUTABLE } from 'release-contract/build-output';
import { untilListening } from '../utils/answers';
import { RELEASE_ORIGIN_ADDRESS } from './loopback';
import { ended, logFile, runLogged } from './processes';

/*
 * The release origin: a static HTTP store (nginx here; a bucket behind a CDN in a lender's
 * cluster) that every release is uploaded to once, by HTTP PUT on a listen of its own, and
 * serves for good: a release's folder never changes, so everything in it is cached as immutable.
 */

/** Where the site's nginx fetches releases from (`releaseOrigin`), as a CDN would. */
export const ORIGIN_PORT = 18080;
/** The releases document's name on the origin: what every page server reads (RELEASES_SOURCE). */
export const RELEASES_DOCUMENT = 'releases.json';
/** Where releases and the document are uploaded (PUT, and HEAD to see what is there). */
export const UPLOAD_PORT = 18081;

export interface ReleaseOrigin {
  /** `http://127.0.0.5:18080`: what the site proxies `/<remote>/releases/` to. */
  url: string;
  /** `http://127.0.0.5:18081`: where a file is PUT, at the path it is then served from. */
  uploadUrl: string;
  /** The credential an upload needs (RELEASE_ORIGIN_TOKEN), as a bucket's keys: the rollout's alone. */
  token: string;
  /** Stops it (the origin lost) and waits until it is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same files. */
  start(): Promise<void>;
}

function originConf(prefix: string, root: string, user: string | undefined, token: string): string {
  const temp = (name: string) => `  ${name}_temp_path ${prefix}/temp/${name};`;
  return `# Written by e2e/machines/release-origin.ts: the release origin of the several-machine test.
${user ? `user ${user};\n` : ''}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events {
  worker_connections 256;
}
http {
  include /etc/nginx/mime.types;
  types {
    application/javascript mjs;
  }
  default_type application/octet-stream;
  server_tokens off;
  access_log ${prefix}/logs/access.log;
${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n')}
  gzip_static on;
  server {
    listen ${RELEASE_ORIGIN_ADDRESS}:${ORIGIN_PORT};
    root ${root};
    # A release is named by its content's hash: its folder never changes.
    location ~ ^/[a-z-]+/releases/[0-9a-f]+/ {
      try_files $uri =404;
      add_header Cache-Control "${IMMUTABLE}";
    }
    # The releases document: every page server asks for it again every few seconds, with
    # If-None-Match (nginx's ETag), and must never be answered from a cache.
    location = /${RELEASES_DOCUMENT} {
      add_header Cache-Control "no-cache";
    }
    location / {
      return 404;
    }
  }
  server {
    listen ${RELEASE_ORIGIN_ADDRESS}:${UPLOAD_PORT};
    root ${root};
    client_max_body_size 64m;
    # PUT writes a file; HEAD (with GET) asks whether one is there, as of an S3-compatible store:
    # only with the rollout's credential (issue 56).
    location / {
      if ($http_authorization != "Bearer ${token}") {
        return 401;
      }
      limit_except GET PUT { deny all; }
      dav_methods PUT;
      create_full_put_path on;
      dav_access user:rw group:r all:r;
    }
    # A release's file is written once: its name is its content's hash, and a page server or a
    # browser that checked it must never meet other bytes under it. Only the document is replaced.
    location ~ ^/[a-z-]+/releases/ {
      if ($http_authorization != "Bearer ${token}") {
        return 401;
      }
      set $overwrite "";
      if ($request_method = PUT) {
        set $overwrite "put";
      }
      if (-f $request_filename) {
        set $overwrite "\${overwrite} over a file";
      }
      if ($overwrite = "put over a file") {
        return 409;
      }
      limit_except GET PUT { deny all; }
      dav_methods PUT;
      create_full_put_path on;
      dav_access user:rw group:r all:r;
    }
  }
}
`;
}

/** Starts the release origin: nginx on its own address, its files under `dir`/site. */
export async function startReleaseOrigin(options: {
  nginx: string;
  dir: string;
  user: string | undefined;
}): Promise<ReleaseOrigin> {
  const { nginx, dir } = options;
  const root = path.join(dir, 'site');
  for (const sub of ['logs', 'temp', 'site']) mkdirSync(path.join(dir, sub), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  const token = randomBytes(24).toString('base64url');
  // Its credential is in it: readable by the one who starts it (nginx's master) alone.
  writeFileSync(conf, originConf(dir, root, options.user, token), { mode: 0o600 });
  const args = ['-p', `${dir}/`, '-c', conf, '-e', path.join(dir, 'logs/error.log')];
  execFileSync(nginx, [...args, '-t', '-q'], { stdio: 'inherit' });
  let running: ChildProcess | undefined;
  const url = `http://${RELEASE_ORIGIN_ADDRESS}:${ORIGIN_PORT}`;
  const uploadUrl = `http://${RELEASE_ORIGIN_ADDRESS}:${UPLOAD_PORT}`;
  const origin: ReleaseOrigin = {
    url,
    uploadUrl,
    token,
    async stop() {
      await ended(running, 'SIGTERM');
      running = undefined;
    },
    async start() {
      running = runLogged(nginx, [...args, '-g', 'daemon off;'], {
        cwd: dir,
        env: process.env,
        log: logFile(path.join(dir, 'logs'), 'nginx'),
      });
      await untilListening(RELEASE_ORIGIN_ADDRESS, ORIGIN_PORT);
      await untilListening(RELEASE_ORIGIN_ADDRESS, UPLOAD_PORT);
    },
  };
  await origin.start();
  return origin;
}
