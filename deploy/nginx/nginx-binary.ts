import { existsSync } from 'node:fs';
import path from 'node:path';

/** What `start:nginx` says when there is no nginx to run. */
export const INSTALL_HINT =
  'nginx is not installed. On Debian or Ubuntu: apt-get install -y nginx libnginx-mod-http-brotli-static\n' +
  '(or set NGINX to its path). `pnpm start` serves the same product with Node alone.';

const BROTLI_MODULE = 'ngx_http_brotli_static_module.so';

/** NGINX, else Debian's /usr/sbin/nginx (not on a user's PATH), else nginx on the PATH. */
export function findNginx(): string | undefined {
  const candidates = [process.env.NGINX, '/usr/sbin/nginx', '/usr/local/sbin/nginx'];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    candidates.push(path.join(dir, 'nginx'));
  }
  return candidates.find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
}

/** The brotli static module's file (Debian's libnginx-mod-http-brotli-static), if installed. */
export function findBrotliModule(): string | undefined {
  return [process.env.NGINX_MODULES_DIR, '/usr/lib/nginx/modules', '/usr/local/nginx/modules']
    .filter((dir): dir is string => Boolean(dir))
    .map((dir) => path.join(dir, BROTLI_MODULE))
    .find((file) => existsSync(file));
}
