import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pinnedReleases, sliceGraphQueries } from './release-queries';
import { releaseColumns, type SliceGraph, sliceGraphs, type Unit } from './slice-views';

/*
 * The pages Prometheus serves itself (console templates, `--web.console.templates`): every slice
 * at a glance (`slices.html`) and one slice's page (`slice.html?slice=remote_home`). Written from
 * release-queries by `pnpm --filter deploy observability write`, never edited by hand.
 *
 * Prometheus runs them through Go's html/template: a query is a template string with the slice
 * (and release) put in by `printf "%q"`, which quotes it as a PromQL string, so a `slice`
 * parameter cannot change a query's meaning. The graphs draw in the browser with the console
 * library Prometheus serves (`PromConsole.Graph`); their queries get the slice the same way.
 */

/** The folders `--web.console.templates` and `--web.console.libraries` name. */
export const CONSOLES_DIR = 'consoles';
export const CONSOLE_LIBRARIES_DIR = 'console_libraries';

/** deploy/observability, where the pages and their library are checked in. */
export const OBSERVABILITY_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * What a Prometheus serving these pages is started with: the pages, and our own console library
 * (Debian's package keeps its libraries among its examples, which slim images drop).
 */
export const consoleFlags = (dir = OBSERVABILITY_DIR) => [
  `--web.console.templates=${path.join(dir, CONSOLES_DIR)}`,
  `--web.console.libraries=${path.join(dir, CONSOLE_LIBRARIES_DIR)}`,
];

/** Stand-ins written into a query where a page puts the slice and the release it shows. */
const SLICE = '__SLICE__';
const RELEASE = '__RELEASE__';
const SLICE_LITERAL = JSON.stringify(SLICE);
const RELEASE_LITERAL = JSON.stringify(RELEASE);

/** The Go template variable that holds each stand-in's value on a page. */
type Bindings = Partial<Record<typeof SLICE_LITERAL | typeof RELEASE_LITERAL, string>>;

function templateSafe(query: string): string {
  if (query.includes('{{') || query.includes('}}'))
    throw new Error(`a query a Go template would misread: ${query}`);
  return query;
}

/** A query as a Go template expression: `(printf "…%q…" $slice)`, its stand-ins bound. */
function goQuery(query: string, bindings: Bindings): string {
  const args: string[] = [];
  const format = templateSafe(query)
    .replaceAll('%', '%%')
    .replace(/"__SLICE__"|"__RELEASE__"/g, (literal) => {
      const bound = bindings[literal as keyof Bindings];
      if (!bound) throw new Error(`${literal} is not bound on this page: ${query}`);
      args.push(bound);
      return '%q';
    });
  return `(printf ${JSON.stringify(format)} ${args.join(' ')})`;
}

/** How a page's Go template writes a value of the unit. */
const goFormat: Record<Unit, string> = {
  ratio: 'humanizePercentage',
  percent: 'printf "%.0f%%"',
  seconds: 'humanizeDuration',
  perSecond: 'printf "%.2f/s"',
  count: 'printf "%.0f"',
};

/** The first value of a query, formatted, or a dash when it has none. */
const cell = (title: string, query: string, bindings: Bindings, unit: Unit) =>
  `<td data-label="${title}">{{ with ${goQuery(query, bindings)} | query }}{{ . | first | value | ${goFormat[unit]} }}{{ else }}–{{ end }}</td>`;

/** How a graph's axis writes a value of the unit (PromConsole's formatters, and ours). */
const jsFormat: Record<Unit, string> = {
  ratio: 'lenderPercentOfOne',
  percent: 'lenderPercent',
  seconds: 'lenderSeconds',
  perSecond: 'PromConsole.NumberFormatter.humanizeNoSmallPrefix',
  count: 'PromConsole.NumberFormatter.humanizeNoSmallPrefix',
};

/** A graph's script: its query split where the slice goes, joined again in the browser. */
function graphScript(graph: SliceGraph): string {
  const parts = templateSafe(graph.query).split(SLICE_LITERAL);
  const name = graph.legend.map((label) => `[[${label}]]`).join(' ');
  return [
    `<section class="lender_graph"><h3>${graph.title}</h3><div id="graph-${graph.id}"></div></section>`,
    '<script>',
    'new PromConsole.Graph({',
    `  node: document.querySelector(${JSON.stringify(`#graph-${graph.id}`)}),`,
    `  expr: lenderQuery(${JSON.stringify(parts)}),`,
    name ? `  name: ${JSON.stringify(name)},` : `  name: ${JSON.stringify(graph.title)},`,
    `  renderer: ${JSON.stringify(graph.bars ? 'bar' : 'line')},`,
    '  min: 0,',
    '  height: 180,',
    `  yAxisFormatter: ${jsFormat[graph.unit]},`,
    `  yHoverFormatter: ${jsFormat[graph.unit]},`,
    '});',
    '</script>',
  ].join('\n');
}

/** The library every page loads: the head with Prometheus's console scripts, the style, the foot. */
export function lenderLibrary(): string {
  return `{{/* Written by \`pnpm --filter deploy observability write\` from deploy/observability: do not edit. */}}
{{ define "lender_head" }}<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ . }} · lender</title>
<link type="text/css" rel="stylesheet" href="{{ pathPrefix }}/classic/static/rickshaw/rickshaw.min.css">
<link type="text/css" rel="stylesheet" href="{{ pathPrefix }}/classic/static/bootstrap4/css/bootstrap.min.css">
<link type="text/css" rel="stylesheet" href="{{ pathPrefix }}/classic/static/css/prom_console.css">
<script src="{{ pathPrefix }}/classic/static/d3/d3.min.js"></script>
<script src="{{ pathPrefix }}/classic/static/rickshaw/rickshaw.min.js"></script>
<script src="{{ pathPrefix }}/classic/static/jquery/jquery.min.js"></script>
<script>var PATH_PREFIX = "{{ pathPrefix }}";</script>
<script src="{{ pathPrefix }}/classic/static/js/prom_console.js"></script>
<script>
function lenderPercentOfOne(y) { return (y * 100).toFixed(y < 0.1 ? 1 : 0) + '%'; }
function lenderPercent(y) { return y.toFixed(0) + '%'; }
function lenderSeconds(y) { return y < 1 ? (y * 1000).toFixed(0) + ' ms' : y.toFixed(2) + ' s'; }
// A graph's query with the page's slice put in, as a PromQL string.
function lenderQuery(parts) {
  return parts.join(JSON.stringify(document.getElementById('lender-graphs').dataset.slice));
}
</script>
<style>
body { padding: 1rem; max-width: 72rem; margin: 0 auto; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 1.5rem; } h3 { font-size: 1rem; margin: 0 0 .25rem; }
.lender_scroll { overflow-x: auto; }
.lender_table td, .lender_table th { white-space: nowrap; }
.lender_graphs { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr)); gap: 1.5rem 2rem; }
.lender_graph { min-width: 0; }
.lender_graph .prom_graph_table { width: 100%; table-layout: fixed; }
.lender_graph .prom_graph_table td:first-child { width: 0; }
.lender_graph .prom_graph_ytitle { display: none; }
.lender_graph .prom_graph_xtitle { display: none; }
.lender_graph .rickshaw_legend { font-size: .8rem; }
/* A phone reads each release as a card: every figure on its own line, named. */
@media (max-width: 40rem) {
  .lender_table thead { display: none; }
  .lender_table tr { display: block; border-top: 2px solid #dee2e6; padding: .25rem 0; }
  .lender_table td { display: flex; justify-content: space-between; border: 0; padding: .1rem .3rem; }
  .lender_table td::before { content: attr(data-label); font-weight: 600; margin-right: 1rem; }
}
</style>
</head>
<body>
{{ end }}
{{ define "lender_tail" }}
</body>
</html>
{{ end }}
`;
}

/** A column of a releases table before the figures: its title and its cell's template. */
interface LeadingColumn {
  title: string;
  cell: string;
}

/**
 * The releases a pinned query finds, one row each (`$slice` and `$release` bound in the row): the
 * leading columns, the canary's share, then the release's figures now.
 */
function releasesTable(pinned: string, sortBy: string, leading: LeadingColumn[], empty: string) {
  const row: Bindings = { [SLICE_LITERAL]: '$slice', [RELEASE_LITERAL]: '$release' };
  const columns = releaseColumns({ slice: SLICE, release: RELEASE });
  const titles = [
    ...leading.map((column) => column.title),
    'Share',
    ...columns.map((c) => c.title),
  ];
  const share = goQuery(sliceGraphQueries(SLICE).canaryPercent, row);
  return `<div class="lender_scroll">
<table class="table table-sm lender_table">
<thead><tr>${titles.map((title) => `<th>${title}</th>`).join('')}</tr></thead>
<tbody>
{{ range ${pinned} | query | sortByLabel "${sortBy}" }}{{ $release := .Labels.release }}
<tr>${leading.map((column) => `<td data-label="${column.title}">${column.cell}</td>`).join('')}
<td data-label="Share">{{ if eq .Labels.role "canary" }}{{ with ${share} | query }}{{ . | first | value | ${goFormat.percent} }}{{ end }}{{ else }}–{{ end }}</td>
${columns.map((column) => cell(column.title, column.query, row, column.unit)).join('\n')}
</tr>
{{ else }}<tr><td colspan="${titles.length}">${empty}</td></tr>
{{ end }}
</tbody>
</table>
</div>`;
}

const RELEASE_COLUMNS: LeadingColumn[] = [
  { title: 'Release', cell: '<code>{{ $release }}</code>' },
  { title: 'Role', cell: '{{ .Labels.role }}' },
  { title: 'Page servers', cell: '{{ .Value }}' },
];

/** Every slice: the releases it runs now (a canary beside its stable release), their figures. */
export function slicesPage(): string {
  const pinned = goQuery(pinnedReleases(), {});
  return `{{/* Written by \`pnpm --filter deploy observability write\` from deploy/observability: do not edit. */}}
{{ template "lender_head" "Every slice" }}
<main>
<h1>Every slice</h1>
<p>The releases the page servers run now, a canary beside its stable release, over the last five minutes. Open a slice for its graphs.</p>
${releasesTable(
  pinned,
  'slice',
  [
    {
      title: 'Slice',
      // The row's slice, bound in its first cell for the queries of the cells after it.
      cell: '{{ $slice := .Labels.slice }}<a href="slice.html?slice={{ $slice }}">{{ $slice }}</a>',
    },
    ...RELEASE_COLUMNS,
  ],
  'No page server reports a pinned release: is Prometheus scraping them?',
)}
</main>
{{ template "lender_tail" }}
`;
}

/** One slice's page: what it runs now and, in graphs, how each of its releases does over time. */
export function slicePage(): string {
  const graphs = sliceGraphs(SLICE);
  const pinned = goQuery(sliceGraphQueries(SLICE).pinned, { [SLICE_LITERAL]: '$slice' });
  return `{{/* Written by \`pnpm --filter deploy observability write\` from deploy/observability: do not edit. */}}
{{ $slice := .Params.slice }}
{{ template "lender_head" (or $slice "A slice") }}
<main>
<p><a href="slices.html">Every slice</a></p>
{{ if not $slice }}<h1>Which slice?</h1><p>Open one from <a href="slices.html">every slice</a>.</p>{{ else }}
<h1>{{ $slice }}</h1>
<h2>What it runs now</h2>
${releasesTable(pinned, 'role', RELEASE_COLUMNS, 'No page server reports a pinned release of {{ $slice }}.')}
<h2>Over time</h2>
<p class="lender_range">Over the last
<a href="#pctc%7B%22duration%22%3A900%2C%22endTime%22%3A0%7D" data-duration="900">15 minutes</a> ·
<a href="#pctc%7B%22duration%22%3A3600%2C%22endTime%22%3A0%7D" data-duration="3600">hour</a> ·
<a href="#pctc%7B%22duration%22%3A21600%2C%22endTime%22%3A0%7D" data-duration="21600">6 hours</a> ·
<a href="#pctc%7B%22duration%22%3A86400%2C%22endTime%22%3A0%7D" data-duration="86400">day</a></p>
<script>
// PromConsole reads the range from the address's #pctc part when the page loads.
for (const link of document.querySelectorAll('.lender_range a')) {
  link.addEventListener('click', () => setTimeout(() => location.reload(), 0));
}
</script>
<div class="lender_graphs" id="lender-graphs" data-slice="{{ $slice }}">
${graphs.map(graphScript).join('\n')}
</div>
{{ end }}
</main>
{{ template "lender_tail" }}
`;
}

/** Every query the console pages ask, with a slice and a release put in (for the metrics check). */
export function consoleQueries(of: { slice: string; release: string }): string[] {
  const fill = (query: string) =>
    query
      .replaceAll(SLICE_LITERAL, JSON.stringify(of.slice))
      .replaceAll(RELEASE_LITERAL, JSON.stringify(of.release));
  const stand = { slice: SLICE, release: RELEASE };
  return [
    pinnedReleases(),
    sliceGraphQueries(SLICE).canaryPercent,
    sliceGraphQueries(SLICE).pinned,
    ...releaseColumns(stand).map((column) => column.query),
    ...sliceGraphs(SLICE).map((graph) => graph.query),
  ].map(fill);
}
