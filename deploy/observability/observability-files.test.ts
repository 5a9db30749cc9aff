import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { staleFiles, write } from './write-observability';

describe('the console pages and the Grafana dashboard', () => {
  it('are what `pnpm --filter deploy observability write` writes from release-queries (run it after changing a query)', () => {
    expect(staleFiles()).toEqual([]);
  });

  it('are found stale when one was edited by hand, or is missing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lender-observability-'));
    try {
      write(dir, () => {});
      expect(staleFiles(dir)).toEqual([]);
      appendFileSync(path.join(dir, 'consoles/slice.html'), '<p>by hand</p>');
      rmSync(path.join(dir, 'grafana/slice-dashboard.json'));
      expect(staleFiles(dir)).toEqual(['consoles/slice.html', 'grafana/slice-dashboard.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
