// @vitest-environment node
import {
  commonSecurityHeaders,
  contentSecurityPolicy,
  originOf,
  pageSecurityHeaders,
} from './security-headers';

/** A policy's directives by name. */
function directives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('the page’s Content-Security-Policy', () => {
  const remotes = ['https://home.lender.ge', 'https://account.lender.ge'];

  it('runs scripts only from this origin and the remotes: nothing inline, no eval', () => {
    const csp = directives(contentSecurityPolicy({ remoteOrigins: remotes, https: true }));
    expect(csp['script-src']).toBe("'self' https://home.lender.ge https://account.lender.ge");
    expect(contentSecurityPolicy({ remoteOrigins: remotes, https: true })).not.toMatch(
      /unsafe-inline|unsafe-eval|\*/,
    );
  });

  it('talks to this origin (the API) and the remotes, shows images from here, frames nothing', () => {
    const csp = directives(
      contentSecurityPolicy({ remoteOrigins: remotes, https: false, reportPath: '/csp-report' }),
    );
    expect(csp).toMatchObject({
      'default-src': "'self'",
      'connect-src': "'self' https://home.lender.ge https://account.lender.ge",
      'img-src': "'self' data: blob:",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'report-uri': '/csp-report',
    });
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('upgrades every http reference over https', () => {
    expect(contentSecurityPolicy({ remoteOrigins: [], https: true })).toContain(
      'upgrade-insecure-requests',
    );
  });
});

describe('the headers of every answer', () => {
  it('lets the camera work for this origin only, and sends no referrer elsewhere', () => {
    const headers = commonSecurityHeaders(false);
    expect(headers['Permissions-Policy']).toMatch(/camera=\(self\)/);
    expect(headers['Permissions-Policy']).toMatch(/microphone=\(\)/);
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
  });

  it('asks for https from now on only when served over https', () => {
    expect(commonSecurityHeaders(true)['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(pageSecurityHeaders({ remoteOrigins: [], https: true })).toHaveProperty(
      'Content-Security-Policy',
    );
  });

  it('takes a remote’s origin from its manifest address', () => {
    expect(originOf('https://home.lender.ge/v12/mf-manifest.json')).toBe('https://home.lender.ge');
  });
});
