import { DEFAULT_PROVIDER_SITE, type ProviderSite } from 'shared/lib/site-urls';
import * as z from 'shared/validation/zod';
import { INTEGRITY, REMOTE_NAMES } from './remotes';

const pinSchema = z.string().check(z.regex(INTEGRITY));

/**
 * The release a rollout registered (decision 025, issue 45): the digests of its browser entry,
 * of its server bundle and of its manifest. The manifest is optional only so that a
 * configuration written before it was pinned still parses; production needs it
 * (config-from-env).
 */
export const releasePinsSchema = z.object({
  entry: pinSchema,
  server: z.optional(pinSchema),
  manifest: z.optional(pinSchema),
});

/**
 * What the host learns at run time from its own server: where each remote's manifest lives,
 * and middleware an operator adds to routes. Nothing here is baked into the bundle, so a
 * remote can move or redeploy without rebuilding the host.
 */
export const runtimeConfigSchema = z.object({
  remotes: z.array(
    z.object({
      name: z.enum(REMOTE_NAMES),
      manifestUrl: z.url(),
      /**
       * The release a rollout registered: the browser reads only the manifest with this
       * digest and loads the entry only with its integrity; the server reads only that
       * manifest and evaluates only a bundle with its digest. Absent only outside production.
       */
      integrity: z.optional(releasePinsSchema),
      /**
       * A release served to a share of page views before it replaces this one (decision 029):
       * the page server gives each visitor one of the two, by a sticky bucket, and writes only
       * that one into the page. A page's configuration never carries a canary.
       */
      canary: z.optional(
        z.object({
          manifestUrl: z.url(),
          integrity: z.optional(releasePinsSchema),
          /** The share of visitors, 1 to 99, whose pages get the canary. */
          percent: z.number().check(
            z.int(),
            z.refine((value) => value >= 1 && value <= 99),
          ),
        }),
      ),
    }),
  ),
  /** Route path → extra middleware names, run after the route's own. */
  routeMiddleware: z.record(z.string(), z.array(z.string())),
  /**
   * Inactivity timing (WCAG 2.2.1, decision 022): the session ends `idleSeconds` after the
   * last activity, warned `warningSeconds` before. Optional so an older config still parses;
   * `sessionTiming` applies the defaults.
   */
  session: z.optional(
    z.object({
      idleSeconds: z.number(),
      warningSeconds: z.number(),
    }),
  ),
  /**
   * Where the page finds the provider's files (decision 023): the folders of this site the
   * host hands to the provider, and the origins on which the provider may name them by an
   * absolute address. Optional so an older config still parses; `providerSite` applies the
   * defaults.
   */
  provider: z.optional(
    z.object({
      paths: z.array(z.string()),
      origins: z.array(z.url({ protocol: /^https?$/ })),
    }),
  ),
  /**
   * The bank's payment page (contract v1.3): the origins a payment order's `redirect_url` may
   * send the customer to (PAYMENT_PAGE_ORIGINS). Optional so an older config still parses;
   * without it the page follows no bank's address.
   */
  payment: z.optional(
    z.object({
      pageOrigins: z.array(z.url({ protocol: /^https?$/ })),
    }),
  ),
  /**
   * Real-user signals (decision 029): the share of page views, 0 to 1, that send beacons to
   * the host's server. Optional so an older config still parses; `rumSampleRate` applies the
   * default.
   */
  telemetry: z.optional(z.object({ sampleRate: z.number() })),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/**
 * The configuration without its canaries: every remote at its stable release (what the edge's
 * stand-in pages carry, for every visitor alike).
 */
export function stableConfig(config: RuntimeConfig): RuntimeConfig {
  return { ...config, remotes: config.remotes.map(({ canary: _canary, ...remote }) => remote) };
}

export interface SessionTiming {
  idleSeconds: number;
  warningSeconds: number;
}

export const DEFAULT_SESSION_TIMING: SessionTiming = { idleSeconds: 900, warningSeconds: 120 };

/** Throws unless both are positive integers and the warning comes before the end. */
export function validateSessionTiming(timing: SessionTiming): SessionTiming {
  const { idleSeconds, warningSeconds } = timing;
  if (!Number.isInteger(idleSeconds) || idleSeconds <= 0) {
    throw new Error(`session idleSeconds must be a positive integer, got ${idleSeconds}`);
  }
  if (!Number.isInteger(warningSeconds) || warningSeconds <= 0) {
    throw new Error(`session warningSeconds must be a positive integer, got ${warningSeconds}`);
  }
  if (warningSeconds >= idleSeconds) {
    throw new Error(
      `session warningSeconds (${warningSeconds}) must be less than idleSeconds (${idleSeconds})`,
    );
  }
  return timing;
}

/** The configured inactivity timing, or the defaults when an older config has none. */
export function sessionTiming(config: Pick<RuntimeConfig, 'session'>): SessionTiming {
  return config.session ? validateSessionTiming(config.session) : DEFAULT_SESSION_TIMING;
}

/** Where the provider's files are, as configured, or the contract's defaults for an older config. */
export function providerSite(config: Pick<RuntimeConfig, 'provider'>): ProviderSite {
  return config.provider ?? DEFAULT_PROVIDER_SITE;
}

/** The bank's origins, as configured; none for an older config (no bank's address is followed). */
export function paymentPageOrigins(config: Pick<RuntimeConfig, 'payment'>): readonly string[] {
  return config.payment?.pageOrigins ?? [];
}

/** The configured share of page views that report, or all of them for an older config. */
export function rumSampleRate(config: Pick<RuntimeConfig, 'telemetry'>): number {
  const rate = config.telemetry?.sampleRate ?? 1;
  return Number.isFinite(rate) ? Math.min(1, Math.max(0, rate)) : 0;
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';
/** The element the production server writes the configuration into (page-document.ts). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/**
 * The configuration written into the page when the production server rendered it, else
 * fetched (the development server serves the plain template).
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const embedded = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (embedded) return runtimeConfigSchema.parse(JSON.parse(embedded));
  const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  return runtimeConfigSchema.parse(await response.json());
}
