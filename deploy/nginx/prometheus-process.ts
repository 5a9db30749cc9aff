import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { PAGE_SERVER_TARGETS_FILE, PROMETHEUS_DIR } from '../deploy-paths';
import { consoleFlags } from '../observability/console-pages';
import { DEFAULT_PROMETHEUS_URL } from '../observability/prometheus-api';
import { renderPrometheusConfig, writeWatchedFile } from '../observability/prometheus-config';
import { findPrometheus, PROMETHEUS_INSTALL_HINT } from './nginx-binary';

const LOG = path.join(PROMETHEUS_DIR, 'prometheus.log');

/**
 * Runs Debian's Prometheus beside nginx and the page servers (decision 037): it finds the page
 * servers in their targets file, scrapes them every second (so a canary's window can be short
 * on one machine), and answers the canary's judge and `health` at DEFAULT_PROMETHEUS_URL.
 * Without one, pages are still served; only canaries cannot be judged, and it says so.
 */
export function startPrometheus(): ChildProcess | undefined {
  const prometheus = findPrometheus();
  if (!prometheus) {
    console.warn(PROMETHEUS_INSTALL_HINT);
    return undefined;
  }
  const config = path.join(PROMETHEUS_DIR, 'prometheus.yml');
  writeWatchedFile(
    config,
    renderPrometheusConfig({ scrapeSeconds: 1, targetFiles: [PAGE_SERVER_TARGETS_FILE] }),
  );
  const data = path.join(PROMETHEUS_DIR, 'data');
  mkdirSync(data, { recursive: true });
  console.info(`prometheus: ${DEFAULT_PROMETHEUS_URL} (${config}; log ${LOG})`);
  const child = spawn(
    prometheus,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${data}`,
      // A week of one machine's figures at 1 s: enough for `health` and the slice pages.
      '--storage.tsdb.retention.time=7d',
      `--web.listen-address=${new URL(DEFAULT_PROMETHEUS_URL).host}`,
      // The slice pages a team reads (decision 037): /consoles/slices.html.
      ...consoleFlags(),
    ],
    // Its own log is long and routine: kept in its folder, not on the team's terminal.
    { stdio: ['ignore', 'ignore', openSync(LOG, 'a')] },
  );
  child.on('exit', (code, signal) => {
    if (signal === 'SIGTERM') return;
    console.warn(
      `prometheus stopped (${signal ?? `exit ${code}`}; its log: ${LOG}): pages are still served, but no canary can be judged until "pnpm start:nginx" runs again`,
    );
  });
  return child;
}
