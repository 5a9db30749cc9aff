import {
  type ReleaseSelector,
  releaseMarks,
  releaseRateQueries,
  sliceGraphQueries,
} from './release-queries';

/*
 * What a team sees of its slice, in one list: the Prometheus console pages and the Grafana
 * dashboard are both written from it, so both draw the same queries (release-queries) the
 * canary's judge and `health` read.
 */

/** How a figure is read: a share (0–1), a percent (0–100), seconds, per second, a count. */
export type Unit = 'ratio' | 'percent' | 'seconds' | 'perSecond' | 'count';

export interface SliceGraph {
  id: string;
  title: string;
  query: string;
  /** The labels that tell its lines apart. */
  legend: readonly string[];
  unit: Unit;
  /** Drawn as bars: marks, not a level. */
  bars?: boolean;
}

/** The graphs of one slice's page, in the order a team reads them. */
export function sliceGraphs(sliceName: string, window = '5m'): SliceGraph[] {
  const q = sliceGraphQueries(sliceName, window);
  return [
    {
      id: 'pinned',
      title: 'Releases it runs (page servers pinning each)',
      query: q.pinned,
      legend: ['role', 'release'],
      unit: 'count',
    },
    {
      id: 'release-marks',
      title: 'Where its releases changed',
      query: releaseMarks(sliceName),
      legend: ['role', 'release'],
      unit: 'count',
      bars: true,
    },
    {
      id: 'canary-percent',
      title: "The canary's share of visitors",
      query: q.canaryPercent,
      legend: [],
      unit: 'percent',
    },
    {
      id: 'error-rate',
      title: 'Error rate per view, by release',
      query: q.errorRate,
      legend: ['release'],
      unit: 'ratio',
    },
    {
      id: 'errors-by-kind',
      title: 'Errors by kind, by release',
      query: q.errorsByKind,
      legend: ['release', 'kind'],
      unit: 'perSecond',
    },
    {
      id: 'fallback-rate',
      title: 'Server fallbacks per render (late or failed), by release',
      query: q.fallbackRate,
      legend: ['release'],
      unit: 'ratio',
    },
    {
      id: 'lcp',
      title: 'p75 LCP, by release',
      query: q.lcpP75,
      legend: ['release'],
      unit: 'seconds',
    },
    {
      id: 'inp',
      title: 'p75 INP, by release',
      query: q.inpP75,
      legend: ['release'],
      unit: 'seconds',
    },
    {
      id: 'views',
      title: 'Verified views per second, by release',
      query: q.viewRate,
      legend: ['release'],
      unit: 'perSecond',
    },
  ];
}

/** A release's figures now, the columns of the pages' tables. */
export interface ReleaseColumn {
  title: string;
  query: string;
  unit: Unit;
}

export function releaseColumns(of: ReleaseSelector, window = '5m'): ReleaseColumn[] {
  const q = releaseRateQueries(of, window);
  return [
    { title: 'Error rate per view', query: q.errorRate, unit: 'ratio' },
    { title: 'Server fallbacks per render', query: q.fallbackRate, unit: 'ratio' },
    { title: 'p75 LCP', query: q.lcpP75, unit: 'seconds' },
    { title: 'p75 INP', query: q.inpP75, unit: 'seconds' },
    { title: 'Views per second', query: q.viewRate, unit: 'perSecond' },
  ];
}
