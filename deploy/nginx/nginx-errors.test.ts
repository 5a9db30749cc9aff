import { commonSecurityHeaders } from 'page-server/http/security-headers';
import { describe, expect, it } from 'vitest';
import { renderNginxConf } from './nginx-conf';
import { quoted } from './nginx-syntax';
import { site } from './testing/test-site';

/** The errors nginx answers itself, whose built-in pages are HTML without a CSP. */
const NGINX_OWN_ERRORS = [
  400, 403, 404, 405, 408, 411, 412, 413, 414, 416, 494, 500, 501, 502, 503, 504, 505, 507,
];

describe('renderNginxConf', () => {
  const conf = renderNginxConf(site('/srv/lender'));

  it('answers nginx’s own errors in plain text, in every server and every location', () => {
    const servers = conf.split('\n  server {').slice(1);
    expect(servers).toHaveLength(2);
    for (const block of servers) {
      const [serverLevel = '', ...locations] = block.split(/\n {4}location /);
      const pagesOf = (text: string) =>
        [...text.matchAll(/^\s*error_page ([\d ]+?) (?:= )?(\S+);$/gm)].flatMap(([, codes = '']) =>
          codes.split(' ').map(Number),
        );
      const atServer = pagesOf(serverLevel);
      for (const location of locations) {
        const own = pagesOf(location);
        // A location with error pages of its own inherits none of the server's.
        const handled = own.length > 0 ? own : atServer;
        for (const code of NGINX_OWN_ERRORS) {
          expect(handled, `${location.slice(0, location.indexOf('{'))}: ${code}`).toContain(code);
        }
      }
      const plain = locations.find((location) => location.startsWith('= /_nginx-error {')) ?? '';
      expect(plain).toContain('internal;');
      expect(plain).toContain('default_type text/plain;');
      for (const [name, value] of Object.entries(commonSecurityHeaders(false))) {
        expect(plain).toContain(`add_header ${name} ${quoted(value)} always;`);
      }
    }
    // The app's own answers keep their handlers: the page servers' fallbacks, the not-found
    // page, the provider's failures in the contract's shape.
    expect(conf).toContain('error_page 502 503 504 = @index_page;');
    expect(conf).toContain('error_page 502 503 504 = @not_found_page;');
    expect(conf).toContain('error_page 404 /pages/not-found.$audience.html;');
    expect(conf).toContain('error_page 502 504 = @provider_unavailable;');
    expect(conf).toContain('error_page 413 = @too_large;');
    expect(conf).toContain('error_page 404 = @missing;');
  });
});
