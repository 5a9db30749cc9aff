import { existsSync } from 'node:fs';
import path from 'node:path';

/** What `start:nginx` says when there is no nginx to run. */
export const INSTALL_HINT =
  'nginx is not installed. On Debian or Ubuntu: apt-get install -y nginx libnginx-mod-http-brotli-static\n' +
  '(or set NGINX to its path). `pnpm start` serves the same product with Node alone.';

const BROTLI_MODULE = 'ngx_http_brotli_static_module.so';

/** The first of these that exists, else `name` on the PATH. */
function findBinary(name: string, candidates: (string | undefined)[]): string | undefined {
  const all = [...candidates];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) all.push(path.join(dir, name));
  return all.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
}

/** NGINX, else Debian's /usr/sbin/nginx (not on a user's PATH), else nginx on the PATH. */
export const findNginx = () =>
  findBinary('nginx', [process.env.NGINX, '/usr/sbin/nginx', '/usr/local/sbin/nginx']);

/** What `start:nginx` says when there is no Prometheus to judge canaries with. */
export const PROMETHEUS_INSTALL_HINT =
  'Prometheus is not installed: pages are served, but no canary can be judged. On Debian or Ubuntu: apt-get install -y prometheus (or set PROMETHEUS to its path).';

/** PROMETHEUS, else Debian's /usr/bin/prometheus, else prometheus on the PATH. */
export const findPrometheus = () =>
  findBinary('prometheus', [process.env.PROMETHEUS, '/usr/bin/prometheus']);

/** The brotli static module's file (Debian's libnginx-mod-http-brotli-static), if installed. */
export function findBrotliModule(): string | undefined {
  return [process.env.NGINX_MODULES_DIR, '/usr/lib/nginx/modules', '/usr/local/nginx/modules']
    .filter((dir): dir is string => Boolean(dir))
    .map((dir) => path.join(dir, BROTLI_MODULE))
    .find((file) => existsSync(file));
}
