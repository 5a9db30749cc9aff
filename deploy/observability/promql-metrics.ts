import { parser } from '@prometheus-io/lezer-promql';

/*
 * What a PromQL expression reads, as Prometheus's own parser (lezer-promql) sees it, and whether
 * the page servers export that: each series' metric and labels, the functions over it, the labels
 * it is grouped by. A query that names a metric or label no page server exports answers nothing,
 * silently: a verdict that waits forever, a graph that stays empty.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';

/** A metric as a registry declares it. */
export interface ExportedMetric {
  name: string;
  type: MetricType;
  labelNames: readonly string[];
}

/** One series selector of a query, and what is done with it. */
export interface SelectorUse {
  metric: string;
  labels: string[];
  /** The functions applied to it, innermost first (`rate`, then `histogram_quantile`...). */
  functions: string[];
}

/** An aggregation's `by (...)` labels, and the metrics under it. */
export interface GroupingUse {
  labels: string[];
  metrics: string[];
}

export interface QueryUses {
  selectors: SelectorUse[];
  groupings: GroupingUse[];
}

type SyntaxNode = ReturnType<typeof parser.parse>['topNode'];

/** The functions that read a counter's growth: meaningless over a gauge. */
const COUNTER_FUNCTIONS = new Set(['rate', 'irate', 'increase', 'resets']);
/** Labels Prometheus adds to every scraped series (its target's), not the page servers. */
const TARGET_LABELS = ['job', 'instance'];

const children = (node: SyntaxNode, name: string) => node.getChildren(name);

function descendants(node: SyntaxNode, name: string): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const cursor = node.cursor();
  const end = node.to;
  while (cursor.next() && cursor.from < end) {
    if (cursor.name === name) found.push(cursor.node);
  }
  return found;
}

/** What a query reads; throws on a query the parser does not accept. */
export function usesOf(query: string): QueryUses {
  const tree = parser.parse(query);
  const errors: number[] = [];
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) errors.push(node.from);
    },
  });
  if (errors.length > 0) throw new Error(`not PromQL at ${errors[0]}: ${query}`);
  const text = (node: SyntaxNode) => query.slice(node.from, node.to);
  const top = tree.topNode;

  const selectors = descendants(top, 'VectorSelector').map((selector): SelectorUse => {
    const identifier = children(selector, 'Identifier')[0];
    if (!identifier) throw new Error(`a selector without a metric name: ${text(selector)}`);
    const labels = descendants(selector, 'LabelName').map(text);
    const functions: string[] = [];
    for (let up = selector.parent; up; up = up.parent) {
      if (up.name === 'FunctionCall') {
        const name = children(up, 'FunctionIdentifier')[0];
        if (name) functions.push(text(name));
      }
    }
    return { metric: text(identifier), labels, functions };
  });

  const groupings = descendants(top, 'AggregateExpr').flatMap((aggregate): GroupingUse[] => {
    const modifier = children(aggregate, 'AggregateModifier')[0];
    if (!modifier || !children(modifier, 'By')[0]) return [];
    return [
      {
        labels: descendants(modifier, 'LabelName').map(text),
        metrics: descendants(aggregate, 'VectorSelector').flatMap((selector) => {
          const identifier = children(selector, 'Identifier')[0];
          return identifier ? [text(identifier)] : [];
        }),
      },
    ];
  });
  return { selectors, groupings };
}

/** A series as Prometheus stores it: a histogram is three (`_bucket` with `le`, `_count`, `_sum`). */
interface Series {
  of: ExportedMetric;
  labels: readonly string[];
  /** A counter, or a histogram's `_bucket`/`_count`/`_sum`: something that only grows. */
  grows: boolean;
  bucket: boolean;
}

function seriesOf(metrics: readonly ExportedMetric[]): Map<string, Series> {
  const series = new Map<string, Series>();
  for (const metric of metrics) {
    if (metric.type === 'histogram') {
      const labels = metric.labelNames;
      series.set(`${metric.name}_bucket`, {
        of: metric,
        labels: [...labels, 'le'],
        grows: true,
        bucket: true,
      });
      for (const suffix of ['_count', '_sum'])
        series.set(`${metric.name}${suffix}`, { of: metric, labels, grows: true, bucket: false });
    } else {
      series.set(metric.name, {
        of: metric,
        labels: metric.labelNames,
        grows: metric.type === 'counter',
        bucket: false,
      });
    }
  }
  return series;
}

/** What in a query the exported metrics do not bear out, one sentence each (none: it agrees). */
export function disagreements(query: string, exported: readonly ExportedMetric[]): string[] {
  const series = seriesOf(exported);
  const problems: string[] = [];
  const { selectors, groupings } = usesOf(query);
  for (const use of selectors) {
    const found = series.get(use.metric);
    if (!found) {
      problems.push(`${use.metric} is not exported`);
      continue;
    }
    for (const label of use.labels) {
      if (!found.labels.includes(label) && !TARGET_LABELS.includes(label))
        problems.push(`${use.metric} has no label ${label}`);
    }
    const growth = use.functions.find((name) => COUNTER_FUNCTIONS.has(name));
    if (growth && !found.grows)
      problems.push(`${growth}() over ${use.metric}, a ${found.of.type}, not a counter`);
    if (use.functions.includes('histogram_quantile') && !found.bucket)
      problems.push(`histogram_quantile over ${use.metric}, not a histogram's _bucket`);
  }
  for (const grouping of groupings) {
    for (const label of grouping.labels) {
      const bearers = grouping.metrics.filter((metric) =>
        series.get(metric)?.labels.includes(label),
      );
      if (bearers.length === 0 && !TARGET_LABELS.includes(label))
        problems.push(`grouped by ${label}, a label of none of ${grouping.metrics.join(', ')}`);
    }
  }
  return problems;
}

const METRIC_TYPES: readonly MetricType[] = ['counter', 'gauge', 'histogram', 'summary'];
const isMetricType = (type: unknown): type is MetricType =>
  METRIC_TYPES.some((known) => known === type);

/**
 * The metrics a prom-client registry declares. prom-client's types leave `type` and
 * `labelNames` out of a metric's public shape, so they are checked here rather than cast.
 */
export function declaredMetrics(metrics: readonly object[]): ExportedMetric[] {
  return metrics.map((metric) => {
    const { name, type, labelNames } = metric as Record<string, unknown>;
    const labels = Array.isArray(labelNames) ? labelNames : [];
    if (typeof name !== 'string' || !isMetricType(type))
      throw new Error(`not a metric a registry declares: ${JSON.stringify(name)}`);
    if (!labels.every((label): label is string => typeof label === 'string'))
      throw new Error(`${name}'s label names are not strings`);
    return { name, type, labelNames: labels };
  });
}
