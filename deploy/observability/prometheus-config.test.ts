import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageServerTargets, renderPrometheusConfig, writeTargets } from './prometheus-config';

const PROMTOOL = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((file) => existsSync(file));

describe('how Prometheus finds and scrapes the page servers', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'prometheus-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists each page server as a file_sd target group: its metrics address, labelled with where it serves pages', () => {
    const file = path.join(dir, 'targets/page-servers.json');
    writeTargets(
      file,
      pageServerTargets([
        { metrics: '127.0.0.1:3110', pages: '127.0.0.1:3010' },
        { metrics: '10.0.0.2:3110', pages: '10.0.0.2:3010', machine: 'b' },
      ]),
    );
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([
      { targets: ['127.0.0.1:3110'], labels: { page_server: '127.0.0.1:3010' } },
      { targets: ['10.0.0.2:3110'], labels: { page_server: '10.0.0.2:3010', machine: 'b' } },
    ]);
  });

  it('scrapes them at the interval asked, from the targets files, read again on change', () => {
    const yml = renderPrometheusConfig({ scrapeSeconds: 1, targetFiles: ['/srv/a b/t.json'] });
    expect(yml).toContain('  scrape_interval: "1s"\n');
    expect(yml).toContain('  - job_name: "page-servers"\n');
    expect(yml).toContain('      - files:\n          - "/srv/a b/t.json"\n');
  });

  it.skipIf(!PROMTOOL)("is a configuration Prometheus's own promtool accepts", () => {
    const targets = path.join(dir, 'page-servers.json');
    writeTargets(
      targets,
      pageServerTargets([{ metrics: '127.0.0.1:3110', pages: '127.0.0.1:3010' }]),
    );
    const config = path.join(dir, 'prometheus.yml');
    writeFileSync(config, renderPrometheusConfig({ scrapeSeconds: 1, targetFiles: [targets] }));
    // promtool checks the targets files a configuration names as well (it exits non-zero otherwise).
    const output = execFileSync(PROMTOOL ?? '', ['check', 'config', config], { encoding: 'utf8' });
    expect(output).toContain('SUCCESS');
  });
});
