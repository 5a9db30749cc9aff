import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * How Prometheus finds the page servers and scrapes them (decision 037): a `file_sd` targets
 * file, as a cluster's Prometheus would find pods by service discovery, and the configuration
 * that reads it. `pnpm start:nginx` writes both for its page servers on this machine; the
 * three-machine harness writes its own targets with the same functions.
 */

/** The job the page servers are scraped as (Prometheus labels their series `job="page-servers"`). */
export const PAGE_SERVERS_JOB = 'page-servers';

/** One group of Prometheus's file-based service discovery: addresses and the labels they share. */
export interface TargetGroup {
  targets: string[];
  labels: Record<string, string>;
}

/** A page server as Prometheus scrapes it: its metrics address, and where it serves pages. */
export interface ScrapedPageServer {
  /** `host:port` of its metrics server (METRICS_HOST:METRICS_PORT). */
  metrics: string;
  /** `host:port` where it serves pages, a label for people reading a series. */
  pages: string;
  /** The machine it runs on, when there are several. */
  machine?: string;
}

export function pageServerTargets(servers: readonly ScrapedPageServer[]): TargetGroup[] {
  return servers.map((server) => ({
    targets: [server.metrics],
    labels: { page_server: server.pages, ...(server.machine ? { machine: server.machine } : {}) },
  }));
}

/**
 * Writes a file Prometheus watches whole: into a temporary file, then renamed over it, so a
 * reload never reads half a list.
 */
export function writeWatchedFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

export const writeTargets = (file: string, groups: readonly TargetGroup[]) =>
  writeWatchedFile(file, `${JSON.stringify(groups, null, 2)}\n`);

export interface PrometheusConfig {
  /** How often every target is scraped, in seconds: 1 on one machine, so a canary's window can be short. */
  scrapeSeconds: number;
  /** The targets files of the page servers (absolute paths). */
  targetFiles: readonly string[];
  /** How often the targets files are read again besides on change, in seconds. */
  refreshSeconds?: number;
}

/** prometheus.yml (JSON's strings are YAML's double-quoted scalars, so every value is quoted safely). */
export function renderPrometheusConfig(config: PrometheusConfig): string {
  const q = (value: string) => JSON.stringify(value);
  const interval = `${config.scrapeSeconds}s`;
  return [
    '# Written by deploy (deploy/observability/prometheus-config.ts): edits are overwritten.',
    'global:',
    `  scrape_interval: ${q(interval)}`,
    `  scrape_timeout: ${q(interval)}`,
    `  evaluation_interval: ${q(interval)}`,
    'scrape_configs:',
    `  - job_name: ${q(PAGE_SERVERS_JOB)}`,
    `    metrics_path: ${q('/metrics')}`,
    '    file_sd_configs:',
    '      - files:',
    ...config.targetFiles.map((file) => `          - ${q(file)}`),
    `        refresh_interval: ${q(`${config.refreshSeconds ?? 5}s`)}`,
    '',
  ].join('\n');
}
