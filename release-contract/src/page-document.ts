import { AFTER_PAINT_ATTRIBUTE } from './build-output';
import { PAGE_STATE_ELEMENT_ID, type PageState } from './page-state';
import { VIEW_TOKEN_META } from './rum-events';
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from './runtime-config';

/*
 * A page's document (decision 046): the host build's page with the runtime configuration,
 * hints and, when the server rendered it, the first screen and its state. Both sides of a
 * release write it — a page server per request, the rollout for the edge's stand-in pages — so
 * it is written here once, as strings only.
 */

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
