import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A page is compressed per request: brotli's default (11) takes tens of milliseconds on a
 * rendered page, 5 a millisecond or two for nearly the same size (files are compressed at 11
 * once, at build time).
 */
const PAGE_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const PAGE_GZIP = { level: 6 };

import { AFTER_PAINT_ATTRIBUTE } from 'release-contract/build-output';
import { PAGE_STATE_ELEMENT_ID, type PageState } from 'release-contract/page-state';
import { VIEW_TOKEN_META } from 'release-contract/rum-events';
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from 'release-contract/runtime-config';
import { CSP_REPORT_PATH, originOf, pageSecurityHeaders } from '../http/security-headers';
import type { FastifyReply, FastifyRequest } from '../http/static-server';

/** What the server rendered of a page (decision 020): its markup, state and style sheets. */
export interface ServerRendered {
  html: string;
  state: PageState;
  styles: readonly string[];
}

/** JSON that cannot close the script element it sits in. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's first script, as the build writes it (tooling/rspack/start-after-paint). */
const FIRST_SCRIPT = new RegExp(`<script defer src="([^"]+)" ${AFTER_PAINT_ATTRIBUTE}></script>`);
/** The host's own scripts, as the build's HTML plugin writes them. */
const HOST_SCRIPT = /<script defer src="([^"]+)"><\/script>/g;

/**
 * A page the server rendered paints without the host's scripts: its first script asks for them
 * once it has (host/src/start, decision 031), so it lists them and they leave the page's head.
 * A page the browser renders needs them at once, as they are: its first script is dropped.
 */
function startScripts(page: string, rendered: boolean): string {
  const first = FIRST_SCRIPT.exec(page);
  if (!first) return page;
  if (!rendered) return page.replace(first[0], () => '');
  const held: string[] = [];
  const withoutHeld = page.replace(HOST_SCRIPT, (_tag, source: string) => {
    held.push(source);
    return '';
  });
  const listed = `<script defer src="${first[1]}" ${AFTER_PAINT_ATTRIBUTE} data-scripts="${escapeAttribute(held.join(' '))}"></script>`;
  return withoutHeld.replace(first[0], () => listed);
}

/**
 * The host's page with what the browser needs before any script runs: the runtime
 * configuration as data (no request of its own, and no inline script for a CSP to allow),
 * and preload hints for the remotes' manifests, so they travel with the host's own script
 * instead of after it (decision 014); and the page view's token, which its beacons are
 * evidence by (decision 034).
 */
export function renderIndexHtml(
  template: string,
  config: RuntimeConfig,
  hinted: RuntimeConfig['remotes'] = config.remotes,
  rendered?: ServerRendered,
  viewToken?: string,
): string {
  const hints = hinted.map(
    (remote) =>
      `<link rel="preload" href="${escapeAttribute(remote.manifestUrl)}" as="fetch" crossorigin="anonymous" />`,
  );
  const styles = (rendered?.styles ?? []).map(
    (href) => `<link rel="stylesheet" href="${escapeAttribute(href)}" />`,
  );
  const data = [
    ...(viewToken
      ? [`<meta name="${VIEW_TOKEN_META}" content="${escapeAttribute(viewToken)}" />`]
      : []),
    `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${scriptSafeJson(config)}</script>`,
    ...(rendered
      ? [
          `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${scriptSafeJson(rendered.state)}</script>`,
        ]
      : []),
  ];
  const page = startScripts(template, rendered !== undefined).replace(
    '</head>',
    `${[...styles, ...hints, ...data].join('\n    ')}\n  </head>`,
  );
  // A function, so `$` in the markup is never read as a replacement pattern.
  return rendered
    ? page.replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`)
    : page;
}

/**
 * The security headers of the host's page: scripts, styles and manifests from this origin and
 * the origins of the remotes the configuration names, and nothing else (decision 015).
 */
export function pageHeaders(config: RuntimeConfig, https: boolean): Record<string, string> {
  return pageSecurityHeaders({
    remoteOrigins: [...new Set(config.remotes.map((remote) => originOf(remote.manifestUrl)))],
    https,
    reportPath: CSP_REPORT_PATH,
  });
}

/** Sends a rendered page, compressed when the browser accepts it (it varies per request). */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  html: string,
  headers: Record<string, string> = {},
) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .headers(headers)
    .header('Vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepted)) {
    return reply.header('Content-Encoding', 'br').send(brotliCompressSync(html, PAGE_BROTLI));
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header('Content-Encoding', 'gzip').send(gzipSync(html, PAGE_GZIP));
  }
  return reply.send(html);
}
