/**
 * The security headers every server of the product sends, defined once: `pnpm start`'s
 * Node servers use these functions, and deploy/nginx's configuration is written from them
 * (decision 015). The session lives in a cookie scripts can read (the spec requires it), so
 * the Content-Security-Policy is what stands between a script slipped into the page and a
 * stolen session: scripts only from the host and the remotes the runtime configuration names,
 * nothing inline, no eval.
 */

/** Where the host's server takes the browser's reports of CSP violations (it logs them). */
export const CSP_REPORT_PATH = '/csp-report';

export interface PagePolicy {
  /** Origins whose scripts, styles and files the page may load: the remotes'. */
  remoteOrigins: readonly string[];
  /** Served over https: HSTS, and every http reference upgraded. */
  https: boolean;
  /** Where violations are reported; none for a page with no server to take them. */
  reportPath?: string;
}

/**
 * The page's Content-Security-Policy. Fonts, styles and scripts from this origin and the
 * remotes; images from this origin (the provider's media are proxied here), data: URIs (the
 * favicon) and blob: URLs (the preview of an ID photo before it is sent); requests to this origin (the API) and the remotes (their manifests); no
 * plugins, no framing, no <base>, forms only to this origin.
 */
export function contentSecurityPolicy(policy: PagePolicy): string {
  const code = ["'self'", ...policy.remoteOrigins].join(' ');
  const directives = [
    "default-src 'self'",
    `script-src ${code}`,
    `style-src ${code}`,
    `font-src ${code}`,
    "img-src 'self' data: blob:",
    `connect-src ${code}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    ...(policy.https ? ['upgrade-insecure-requests'] : []),
    ...(policy.reportPath ? [`report-uri ${policy.reportPath}`] : []),
  ];
  return directives.join('; ');
}

/**
 * Headers for every answer: no MIME sniffing, no referrer beyond this origin, the camera for
 * this origin only (ID photos) and no other device, no framing, HSTS over https.
 */
export function commonSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Every header an HTML page of the product is sent with. */
export function pageSecurityHeaders(policy: PagePolicy): Record<string, string> {
  return {
    ...commonSecurityHeaders(policy.https),
    'Content-Security-Policy': contentSecurityPolicy(policy),
  };
}

/** The origin of a URL (`https://home.lender.ge` of `https://home.lender.ge/v3/mf-manifest.json`). */
export function originOf(url: string): string {
  return new URL(url).origin;
}
