import { describe, expect, it } from 'vitest';
import { renderNginxConf } from './nginx-conf';
import { hostBlock, site } from './testing/test-site';

describe('renderNginxConf', () => {
  const conf = renderNginxConf(site('/srv/lender'));

  it('hands every provider folder to the page servers, which call the provider (decision 027)', () => {
    const host = hostBlock(conf);
    for (const prefix of ['/api/', '/media/', '/cms/uploads/']) {
      expect(host).toContain(`location ${prefix} {\n      proxy_pass http://page_servers;`);
    }
    expect(conf).not.toContain('18100');
  });

  it('sends the provider’s paths and the session’s own through the page servers, a session to one of them', () => {
    for (const location of [
      'location /api/ {',
      'location /media/ {',
      'location = /session {',
      'location = /session/activity {',
    ]) {
      const block = conf.slice(
        conf.indexOf(location),
        conf.indexOf('\n    }', conf.indexOf(location)),
      );
      expect(block, location).toContain('proxy_pass http://page_servers;');
      // A write is never sent twice.
      expect(block, location).toContain('proxy_next_upstream error timeout;');
      // The page server's own security headers give way to nginx's: each is sent once.
      expect(block, location).toContain('proxy_hide_header X-Content-Type-Options;');
    }
    const upstream = conf.slice(conf.indexOf('upstream page_servers {'));
    expect(upstream).toMatch(/^upstream page_servers \{\n {4}hash \$session_affinity consistent;/);
    expect(conf).toContain('map $cookie_user $session_affinity {');
    expect(conf).toContain('default $request_id;');
  });
});
