import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { consoleFlags } from 'deploy/observability/console-pages';
import { prometheusClient } from 'deploy/observability/prometheus-api';
import {
  PAGE_SERVERS_JOB,
  pageServerTargets,
  renderPrometheusConfig,
  writeTargets,
  writeWatchedFile,
} from 'deploy/observability/prometheus-config';
import { untilAnswers } from '../utils/answers';
import { PROMETHEUS_ADDRESS } from './loopback';
import { ended, logFile, runLogged } from './processes';

/*
 * Prometheus (Debian's package) scraping the machines' page servers it finds in a file_sd
 * targets file, as a cluster's Prometheus finds pods: the configuration and the targets are
 * deploy's own (observability/prometheus-config), and it serves the slice pages a team reads.
 */

export const PROMETHEUS_PORT = 9090;

export interface Prometheus {
  url: string;
  stop(): Promise<void>;
}

export async function startPrometheus(options: {
  binary: string;
  dir: string;
  /** Each machine's metrics address (`host:port`) and its pages' address. */
  servers: readonly { metrics: string; pages: string; machine: string }[];
}): Promise<Prometheus> {
  const { dir } = options;
  rmSync(path.join(dir, 'data'), { recursive: true, force: true });
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  const targetsFile = path.join(dir, 'page-servers.json');
  writeTargets(targetsFile, pageServerTargets(options.servers));
  const config = path.join(dir, 'prometheus.yml');
  writeWatchedFile(
    config,
    renderPrometheusConfig({ scrapeSeconds: 1, targetFiles: [targetsFile], refreshSeconds: 1 }),
  );
  const url = `http://${PROMETHEUS_ADDRESS}:${PROMETHEUS_PORT}`;
  const child: ChildProcess = runLogged(
    options.binary,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=${PROMETHEUS_ADDRESS}:${PROMETHEUS_PORT}`,
      ...consoleFlags(),
    ],
    { cwd: dir, env: process.env, log: logFile(dir, 'prometheus') },
  );
  await untilAnswers(`${url}/-/ready`, 60_000);
  // Ready for a judge once it has scraped every machine: a canary started earlier finds none.
  const client = prometheusClient(url);
  const scraped = `count(up{job=${JSON.stringify(PAGE_SERVERS_JOB)}} == 1)`;
  const until = Date.now() + 60_000;
  while ((await client.count(scraped).catch(() => 0)) < options.servers.length) {
    if (Date.now() > until) throw new Error(`${url} has not scraped every page server in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop: () => ended(child, 'SIGTERM') };
}
