/**
 * Tags a test whose outcome depends on how the product is served (headers, statuses, caching,
 * federation's requests, the proxy, uploads, releases): `pnpm test:prod` runs these once more
 * through nginx (playwright.config.ts).
 */
export const SERVED = '@served';
