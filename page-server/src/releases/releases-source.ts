import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ReleasesDocument } from 'release-contract/releases-document';
import { releaseOfManifest } from 'release-contract/rum-events';
import {
  RefusedReleases,
  type SignedReleases,
  verifyReleasesDocument,
} from 'release-contract/signed-releases';
import type { PageMetrics } from '../telemetry/page-metrics';

/*
 * The releases document as a page server reads it (issue 48): from RELEASES_SOURCE, a file
 * path (a Kubernetes ConfigMap mount) or an http(s) URL, again every RELEASES_REFRESH_SECONDS.
 * A read that fails or finds an invalid document leaves the last good one in use, and the
 * metrics say so; the server does not start without one good read.
 * A document is believed only when the rollout's signature on it verifies with
 * RELEASES_PUBLIC_KEY (issue 56, decision 040): one unsigned, signed by another key, or signed
 * before the one in use is refused the same way, counted as `refused`.
 */

type Env = Record<string, string | undefined>;

export type ReadOutcome = 'changed' | 'unchanged' | 'failed' | 'refused';

export interface ReleasesSourceOptions {
  /** A file path or an http(s) URL. */
  source: string;
  metrics: PageMetrics;
  /** The rollout's public key (RELEASES_PUBLIC_KEY): only what it signed is believed. */
  publicKey: KeyObject;
  /** NODE_ENV=production: a document must pin every release whole. */
  production: boolean;
  /** How often it is read again; 0 = only when `refresh` is called (tests). */
  refreshMs: number;
  /** How long an HTTP read may take before it counts as failed. */
  timeoutMs?: number;
  /** Where a read that fails is told, once until one succeeds again. */
  warn?: (message: string) => void;
}

export interface ReleasesSource {
  /** The document in use: the last good one read. */
  current(): ReleasesDocument;
  /** Reads it again now (the timer does so every refreshMs); a read under way is not doubled. */
  refresh(): Promise<ReadOutcome>;
  stop(): void;
}

export const isUrlSource = (source: string) => /^https?:\/\//i.test(source);

/**
 * RELEASES_REFRESH_SECONDS, else 1 s for a file and 2 s for a URL: a rollout reaches every page
 * server within a few seconds, and a read that finds nothing new is a 304 without a body.
 */
export function releasesRefreshMs(env: Env, source: string): number {
  const raw = env.RELEASES_REFRESH_SECONDS?.trim();
  if (!raw) return isUrlSource(source) ? 2000 : 1000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`RELEASES_REFRESH_SECONDS must be a positive number, got "${raw}"`);
  }
  return seconds * 1000;
}

/** A new text, or `undefined` when the source says it has not changed (HTTP 304). */
type Reader = () => Promise<string | undefined>;

/** Read by path each time: a ConfigMap's update swaps a symlink, so an open inode goes stale. */
const fileReader =
  (file: string): Reader =>
  () =>
    readFile(file, 'utf8');

/** A conditional GET: the validators of the last good answer, a 304 meaning unchanged. */
function httpReader(url: string, timeoutMs: number): Reader & { accept(): void } {
  let validators: Record<string, string> = {};
  let pending: Record<string, string> = {};
  const read = async () => {
    const response = await fetch(url, {
      headers: { accept: 'application/json', ...validators },
      signal: AbortSignal.timeout(timeoutMs),
      cache: 'no-store',
    });
    if (response.status === 304) return undefined;
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const etag = response.headers.get('etag');
    const modified = response.headers.get('last-modified');
    pending = {
      ...(etag ? { 'if-none-match': etag } : {}),
      ...(modified ? { 'if-modified-since': modified } : {}),
    };
    return response.text();
  };
  // Kept only once the answer proved good: a broken document must not be "not modified" later.
  return Object.assign(read, {
    accept() {
      validators = pending;
    },
  });
}

/** The document's releases as gauges, the old ones dropped so a replaced release goes absent. */
function showPinned(metrics: PageMetrics, document: ReleasesDocument) {
  metrics.releasePinned.reset();
  metrics.releaseCanaryPercent.reset();
  for (const remote of document.remotes) {
    const slice = remote.name;
    metrics.releasePinned.set(
      { slice, release: releaseOfManifest(remote.manifestUrl), role: 'stable' },
      1,
    );
    if (remote.canary) {
      metrics.releasePinned.set(
        { slice, release: releaseOfManifest(remote.canary.manifestUrl), role: 'canary' },
        1,
      );
    }
    metrics.releaseCanaryPercent.set({ slice }, remote.canary?.percent ?? 0);
  }
}

/**
 * Opens the source with a first read, which must succeed (the server does not start without
 * its releases), then reads it again every `refreshMs`.
 */
export async function openReleasesSource(options: ReleasesSourceOptions): Promise<ReleasesSource> {
  const { source, metrics, production, publicKey } = options;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const http = isUrlSource(source)
    ? httpReader(source, options.timeoutMs ?? Math.max(1000, Math.min(options.refreshMs, 5000)))
    : undefined;
  const reader: Reader = http ?? fileReader(source);
  const outcomeOf = (error: unknown): ReadOutcome =>
    error instanceof RefusedReleases ? 'refused' : 'failed';

  let text: string;
  let signed: SignedReleases;
  try {
    text = (await reader()) ?? '';
    signed = await verifyReleasesDocument(text, publicKey, production);
  } catch (error) {
    metrics.releasesDocumentReads.inc({ outcome: outcomeOf(error) });
    throw new Error(
      `page-server: the releases document (RELEASES_SOURCE=${source}) ${refusedOrUnread(error)}`,
    );
  }
  http?.accept();
  const loaded = () => {
    showPinned(metrics, signed.document);
    metrics.releasesDocumentLoaded.set(Date.now() / 1000);
  };
  metrics.releasesDocumentReads.inc({ outcome: 'changed' });
  metrics.releasesDocumentStale.set(0);
  loaded();

  let stale = false;
  const read = async (): Promise<ReadOutcome> => {
    try {
      const next = await reader();
      let outcome: ReadOutcome = 'unchanged';
      if (next !== undefined && next !== text) {
        const verified = await verifyReleasesDocument(next, publicKey, production);
        // An older document signed by the rollout is one it replaced: put back, it is refused.
        if (Date.parse(verified.signedAt) < Date.parse(signed.signedAt)) {
          throw new RefusedReleases(
            `it was signed at ${verified.signedAt}, before the one in use (${signed.signedAt})`,
          );
        }
        signed = verified;
        text = next;
        outcome = 'changed';
        loaded();
      }
      http?.accept();
      metrics.releasesDocumentReads.inc({ outcome });
      metrics.releasesDocumentStale.set(0);
      stale = false;
      return outcome;
    } catch (error) {
      const outcome = outcomeOf(error);
      metrics.releasesDocumentReads.inc({ outcome });
      metrics.releasesDocumentStale.set(1);
      if (!stale) {
        warn(
          `page-server: the releases document (${source}) ${refusedOrUnread(error)}; the last good one stays in use`,
        );
      }
      stale = true;
      return outcome;
    }
  };

  let under: Promise<ReadOutcome> | undefined;
  const refresh = () => {
    under ??= read().finally(() => {
      under = undefined;
    });
    return under;
  };
  const timer =
    options.refreshMs > 0 ? setInterval(() => void refresh(), options.refreshMs) : undefined;
  timer?.unref();
  return {
    current: () => signed.document,
    refresh,
    stop: () => clearInterval(timer),
  };
}

/** What the log says of a read that gave no document to use. */
const refusedOrUnread = (error: unknown) =>
  error instanceof RefusedReleases
    ? `is refused: ${error.message}`
    : `cannot be read: ${messageOf(error)}`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
