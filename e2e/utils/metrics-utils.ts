import { parseMetrics } from 'deploy/release-metrics';
import type { RemoteName } from 'release-contract/remotes';
import { releaseOfManifest } from 'release-contract/rum-events';
import { pageServers } from './page-server-utils';
import { readReleases, releaseOf } from './releases-document-utils';

/**
 * The page servers' Prometheus metrics (decision 029), as a scrape reads them: each page
 * server's `/metrics` on its loopback port, one after the other.
 */
export async function metricsText(): Promise<string> {
  const texts = await Promise.all(
    pageServers().map(async (server) => {
      const response = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
      return response.ok ? response.text() : '';
    }),
  );
  return texts.join('\n');
}

/** The sum over every page server of the samples of `name` that carry these labels. */
export function sampleValue(text: string, name: string, labels: Record<string, string>): number {
  return parseMetrics(text)
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((total, sample) => total + sample.value, 0);
}

/** The release of a remote nginx's deployment serves as stable (`.nginx/releases.json`). */
export function pinnedRelease(slice: RemoteName = 'remote_home'): string {
  return releaseOfManifest(releaseOf(readReleases(), slice).manifestUrl);
}
