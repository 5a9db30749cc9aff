import { pageServers } from './page-server-utils';

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
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const matches = Object.entries(labels).every(([key, value]) =>
      line.includes(`${key}="${value}"`),
    );
    if (matches) total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}
