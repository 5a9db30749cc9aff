import { describe, expect, it } from 'vitest';
import { renderNginxConf } from './nginx-conf';
import { site } from './testing/test-site';

describe('renderNginxConf', () => {
  const conf = renderNginxConf(site('/srv/lender'));

  it("sends a page view's beacons to one page server, by its view token, where its budget is spent", () => {
    const rum = conf.slice(conf.indexOf('location = /rum {'));
    expect(rum.slice(0, rum.indexOf('\n    }'))).toContain('proxy_pass http://beacon_servers;');
    const upstream = conf.slice(conf.indexOf('upstream beacon_servers {'));
    expect(upstream).toMatch(
      /^upstream beacon_servers \{\n {4}hash \$beacon_affinity consistent;\n {4}server 127\.0\.0\.1:18010 [^\n]*\n {4}server 127\.0\.0\.1:18011 /,
    );
    expect(conf).toContain(
      'map $arg_view $beacon_affinity {\n    "" $request_id;\n    default $arg_view;\n  }',
    );
  });
});
