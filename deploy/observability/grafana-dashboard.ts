import { METRIC, releaseMarks } from './release-queries';
import { type SliceGraph, sliceGraphs, type Unit } from './slice-views';

/*
 * The slice pages' queries as a Grafana dashboard (its JSON model, schema 39), for operators who
 * run Grafana: pick the Prometheus and the slice, read the same graphs the console pages draw,
 * with a mark wherever the slice's pinned releases changed. Written by
 * `pnpm --filter deploy observability write`, never edited by hand.
 */

/** Where Grafana puts the chosen slice: `"$slice"` in a query is the variable, quoted. */
const SLICE_VARIABLE = '$slice';
// biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax, read by Grafana
const DATASOURCE = { type: 'prometheus', uid: '${datasource}' } as const;

const grafanaUnit: Record<Unit, string> = {
  ratio: 'percentunit',
  percent: 'percent',
  seconds: 's',
  perSecond: 'reqps',
  count: 'short',
};

interface Target {
  refId: string;
  datasource: typeof DATASOURCE;
  expr: string;
  legendFormat: string;
  instant?: boolean;
  range?: boolean;
}

interface Panel {
  id: number;
  type: 'timeseries' | 'stat';
  title: string;
  datasource: typeof DATASOURCE;
  gridPos: { x: number; y: number; w: number; h: number };
  fieldConfig: { defaults: Record<string, unknown>; overrides: unknown[] };
  options: Record<string, unknown>;
  targets: Target[];
}

const legendFormat = (graph: SliceGraph) =>
  graph.legend.length > 0 ? graph.legend.map((label) => `{{${label}}}`).join(' ') : graph.title;

function target(graph: SliceGraph, instant = false): Target {
  return {
    refId: 'A',
    datasource: DATASOURCE,
    expr: graph.query,
    legendFormat: legendFormat(graph),
    ...(instant ? { instant: true, range: false } : {}),
  };
}

/** The two "now" figures as stats across the top, then every graph two to a row. */
function panels(graphs: readonly SliceGraph[]): Panel[] {
  const now = graphs.filter((graph) => graph.id === 'pinned' || graph.id === 'canary-percent');
  const stats = now.map(
    (graph, index): Panel => ({
      id: index + 1,
      type: 'stat',
      title: graph.id === 'pinned' ? 'Releases it runs now (page servers)' : graph.title,
      datasource: DATASOURCE,
      gridPos: { x: index * 12, y: 0, w: 12, h: 4 },
      fieldConfig: { defaults: { unit: grafanaUnit[graph.unit] }, overrides: [] },
      options: {
        reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false },
        textMode: 'value_and_name',
        colorMode: 'none',
        graphMode: 'none',
      },
      targets: [target(graph, true)],
    }),
  );
  const series = graphs.map(
    (graph, index): Panel => ({
      id: stats.length + index + 1,
      type: 'timeseries',
      title: graph.title,
      datasource: DATASOURCE,
      gridPos: { x: (index % 2) * 12, y: 4 + Math.floor(index / 2) * 8, w: 12, h: 8 },
      fieldConfig: {
        defaults: {
          unit: grafanaUnit[graph.unit],
          min: 0,
          custom: graph.bars ? { drawStyle: 'bars', fillOpacity: 60 } : { drawStyle: 'line' },
        },
        overrides: [],
      },
      options: {
        legend: { displayMode: 'list', placement: 'bottom', showLegend: true },
        tooltip: { mode: 'multi', sort: 'desc' },
      },
      targets: [target(graph)],
    }),
  );
  return [...stats, ...series];
}

/** The slice variable's query: the slices a page server pins a release of. */
export const sliceValues = () => `label_values(${METRIC.releasePinned}, slice)`;

/** The dashboard, its queries for the slice the variable names. */
export function sliceDashboard() {
  const graphs = sliceGraphs(SLICE_VARIABLE);
  return {
    uid: 'lender-slice',
    title: 'Lender · a slice and its releases',
    description:
      'Written by `pnpm --filter deploy observability write` from deploy/observability/release-queries.ts: the queries the canary judge reads.',
    tags: ['lender', 'releases'],
    schemaVersion: 39,
    version: 1,
    editable: true,
    graphTooltip: 1,
    time: { from: 'now-3h', to: 'now' },
    refresh: '30s',
    templating: {
      list: [
        {
          name: 'datasource',
          label: 'Prometheus',
          type: 'datasource',
          query: 'prometheus',
          hide: 0,
          current: {},
          options: [],
          refresh: 1,
        },
        {
          name: 'slice',
          label: 'Slice',
          type: 'query',
          datasource: DATASOURCE,
          definition: sliceValues(),
          query: { query: sliceValues(), refId: 'slice' },
          refresh: 2,
          sort: 1,
          hide: 0,
          includeAll: false,
          multi: false,
          current: {},
          options: [],
        },
      ],
    },
    annotations: {
      list: [
        {
          builtIn: 1,
          name: 'Annotations & Alerts',
          type: 'dashboard',
          datasource: { type: 'grafana', uid: '-- Grafana --' },
          enable: true,
          hide: true,
          iconColor: 'rgba(0, 211, 255, 1)',
        },
        {
          name: 'Release changed',
          datasource: DATASOURCE,
          enable: true,
          iconColor: 'purple',
          expr: releaseMarks(SLICE_VARIABLE),
          step: '30s',
          titleFormat: '{{role}} {{release}}',
          textFormat: 'a page server began serving {{role}} release {{release}}',
          useValueForTime: false,
        },
      ],
    },
    panels: panels(graphs),
  };
}

/** Every query the dashboard asks, the slice variable set to `slice` (for the metrics check). */
export function dashboardQueries(slice: string): string[] {
  const dashboard = sliceDashboard();
  const fill = (query: string) =>
    query.replaceAll(JSON.stringify(SLICE_VARIABLE), JSON.stringify(slice));
  return [
    ...dashboard.panels.flatMap((panel) => panel.targets.map((one) => one.expr)),
    ...dashboard.annotations.list.flatMap((one) =>
      'expr' in one && typeof one.expr === 'string' ? [one.expr] : [],
    ),
    // Grafana's `label_values(metric, label)` reads what this selector does.
    `${METRIC.releasePinned}{slice!=""}`,
  ].map(fill);
}
