import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROMETHEUS_ADDRESS, untilAnswers } from './loopback';
import { ended, logFile, runLogged } from './processes';

/*
 * Prometheus (Debian's package) scraping the page servers it finds in a file_sd targets file,
 * as a cluster's Prometheus finds pods: the harness writes the file, never Prometheus's config,
 * when a machine is added. (The deployment's own writer is deploy/observability's; until it is
 * here this small one stands in.)
 */

export const PROMETHEUS_PORT = 9090;
export const SCRAPE_INTERVAL_S = 1;

export function findPrometheus(): string | undefined {
  return [process.env.PROMETHEUS, '/usr/bin/prometheus', '/usr/local/bin/prometheus'].find(
    (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
  );
}

/** The targets file: one group, the page servers' metrics addresses. */
export function writeTargets(file: string, targets: readonly string[]): void {
  const staging = `${file}.staging`;
  writeFileSync(
    staging,
    `${JSON.stringify([{ targets, labels: { job: 'page-servers' } }], null, 2)}\n`,
  );
  renameSync(staging, file);
}

function prometheusConfig(targetsFile: string): string {
  return `# Written by e2e/machines/prometheus.ts.
global:
  scrape_interval: ${SCRAPE_INTERVAL_S}s
  evaluation_interval: ${SCRAPE_INTERVAL_S}s
scrape_configs:
  - job_name: page-servers
    file_sd_configs:
      - files: ['${targetsFile}']
        refresh_interval: ${SCRAPE_INTERVAL_S}s
`;
}

export interface Prometheus {
  url: string;
  stop(): Promise<void>;
}

export async function startPrometheus(options: {
  binary: string;
  dir: string;
  targets: readonly string[];
}): Promise<Prometheus> {
  const { dir } = options;
  rmSync(path.join(dir, 'data'), { recursive: true, force: true });
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  const targetsFile = path.join(dir, 'page-servers.json');
  writeTargets(targetsFile, options.targets);
  const config = path.join(dir, 'prometheus.yml');
  writeFileSync(config, prometheusConfig(targetsFile));
  const url = `http://${PROMETHEUS_ADDRESS}:${PROMETHEUS_PORT}`;
  const child: ChildProcess = runLogged(
    options.binary,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=${PROMETHEUS_ADDRESS}:${PROMETHEUS_PORT}`,
    ],
    { cwd: dir, env: process.env, log: logFile(dir, 'prometheus') },
  );
  await untilAnswers(`${url}/-/ready`, 60_000);
  return { url, stop: () => ended(child, 'SIGTERM') };
}
