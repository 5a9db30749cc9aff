import { CSP_REPORT_PATH, contentSecurityPolicy } from 'page-server/http/security-headers';
import { describe, expect, it } from 'vitest';
import { renderNginxConf } from './nginx-conf';
import { STAND_IN_HEADER } from './nginx-pages';
import { quoted } from './nginx-syntax';
import { hostBlock, site } from './testing/test-site';

describe('renderNginxConf', () => {
  const conf = renderNginxConf(site('/srv/lender'));

  it("sends the page's CSP from the same definition as the Node server, per scheme", () => {
    const policy = { remoteOrigins: site('/x').host.remoteOrigins, reportPath: CSP_REPORT_PATH };
    expect(conf).toContain(`https ${quoted(contentSecurityPolicy({ ...policy, https: true }))};`);
    expect(conf).toContain(
      `default ${quoted(contentSecurityPolicy({ ...policy, https: false }))};`,
    );
    expect(hostBlock(conf)).toContain(
      'add_header Content-Security-Policy $page_content_security_policy always;',
    );
  });

  it('asks the page servers for each page, balanced, and sends the browser-rendered page while none answers', () => {
    expect(conf).toContain(
      'upstream page_servers {\n    hash $session_affinity consistent;\n    server 127.0.0.1:18010 max_fails=1 fail_timeout=2s;\n    server 127.0.0.1:18011 max_fails=1 fail_timeout=2s;',
    );
    const home = conf.slice(conf.indexOf('location = / {'), conf.indexOf('location @index_page'));
    expect(home).toContain('proxy_pass http://page_servers;');
    // A stopped server's page is asked of the next; a page is a GET, safe to ask twice.
    expect(home).toContain('proxy_next_upstream error timeout http_502 http_503;');
    expect(home).toContain('error_page 502 503 504 = @index_page;');
    // nginx's own page headers, not the page server's as well.
    expect(home).toContain('proxy_hide_header Content-Security-Policy;');
    expect(home).toContain(
      'add_header Content-Security-Policy $page_content_security_policy always;',
    );
    expect(conf).toContain(
      'location @index_page {\n      try_files /pages/index.$audience.html =404;',
    );
    // nginx's own page says so; a page server's never carries it.
    const standIn = conf.slice(conf.indexOf('location @index_page {'));
    expect(standIn.slice(0, standIn.indexOf('}'))).toContain(
      `add_header ${STAND_IN_HEADER} stand-in always;`,
    );
    expect(home).not.toContain(STAND_IN_HEADER);
    expect(conf).toContain('location ~ "^/recovery/*$" {\n      proxy_pass http://page_servers;');
    expect(conf).toContain(
      'location @recovery_page {\n      try_files /pages/recovery.$audience.html =404;',
    );
    // An unknown path: the page servers' not-found page with its 404, or the browser's.
    const unknown = conf.slice(
      conf.indexOf('location @not_found {'),
      conf.indexOf('location @not_found_page'),
    );
    expect(unknown).toContain('proxy_pass http://page_servers;');
    expect(unknown).toContain('error_page 502 503 504 = @not_found_page;');
    expect(conf).toContain('error_page 404 /pages/not-found.$audience.html;\n      return 404;');
  });
});
