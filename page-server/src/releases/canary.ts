import { randomInt } from 'node:crypto';
import type { RuntimeConfig } from 'release-contract/runtime-config';

/*
 * A canary release (decision 029): a share of visitors gets a remote's new release while the
 * rest keep the stable one. Each visitor has a bucket, 0 to 99, kept in a cookie so the same
 * person sees the same release from page to page (and their beacons name it); a canary of 10
 * serves buckets 0–9.
 */

export const BUCKET_COOKIE = 'lender_bucket';
/** A month: long enough for a canary's window and its promotion. */
const BUCKET_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** The visitor's bucket from their cookie, or undefined when it is missing or not one. */
export function bucketOf(cookie: string | undefined): number | undefined {
  if (cookie === undefined || !/^\d{1,2}$/.test(cookie)) return undefined;
  return Number(cookie);
}

/** A new visitor's bucket: uniform, so a canary's share of visitors is its percent. */
export const newBucket = (): number => randomInt(100);

/** The bucket's cookie: not personal, read by the page server only. */
export function bucketCookie(bucket: number, secure: boolean): string {
  return [
    `${BUCKET_COOKIE}=${bucket}`,
    'Path=/',
    `Max-Age=${BUCKET_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Whether any remote of the configuration has a canary (a page then needs a bucket). */
export const hasCanary = (config: RuntimeConfig): boolean =>
  config.remotes.some((remote) => remote.canary !== undefined);

/**
 * The configuration a visitor in `bucket` gets: each remote at its canary when the bucket is
 * within the canary's share, else at its stable release; no canary left in it.
 */
export function configForBucket(config: RuntimeConfig, bucket: number): RuntimeConfig {
  if (!hasCanary(config)) return config;
  return {
    ...config,
    remotes: config.remotes.map(({ canary, ...remote }) => {
      if (!canary || bucket >= canary.percent) return remote;
      const { integrity: _stable, ...rest } = remote;
      return {
        ...rest,
        manifestUrl: canary.manifestUrl,
        ...(canary.integrity ? { integrity: canary.integrity } : {}),
      };
    }),
  };
}
