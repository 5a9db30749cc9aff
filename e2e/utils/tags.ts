import { SLICE_TAGS } from 'tooling/slices/pipelines';

/**
 * Tags a test whose outcome depends on how the product is served (headers, statuses, caching,
 * federation's requests, the proxy, uploads, releases): `pnpm test:prod` runs these once more
 * through nginx (playwright.config.ts).
 */
export const SERVED = '@served';

/**
 * Tags the few tests that say the product works at all (the home page composes every slot, one
 * React, router and store, a customer logs in and sees their loans): `pnpm test:skew` runs
 * these with each app from a different release (scripts/version-skew.ts).
 */
export const SMOKE = '@smoke';

/**
 * Tags a customer's flow that the firefox project runs once more, in Debian's firefox-esr
 * (playwright.config.ts): one that leaves the seeded customers as it found them, since the
 * Chromium projects ran it against the same sandbox first. tests/payment.spec.ts is in that
 * project's files too: its tests run in Firefox when tagged so.
 */
export const CUSTOMER_FLOW = '@customer-flow';

/**
 * Tag a test, in a spec that walks several slices, as exercising a slice's change: that slice's
 * pipeline (`pnpm slice check`) runs it, besides the specs it owns whole (decision 039).
 */
export const HOME = SLICE_TAGS['remote-home'];
export const ACCOUNT = SLICE_TAGS['remote-account'];
export const LOANS = SLICE_TAGS['remote-loans'];
