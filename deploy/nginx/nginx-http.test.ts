import { describe, expect, it } from 'vitest';
import { renderNginxConf } from './nginx-conf';
import { site } from './testing/test-site';

describe('renderNginxConf', () => {
  const conf = renderNginxConf(site('/srv/lender'));

  it('writes its redirects relative, never built from the request’s Host', () => {
    // At http level: every server, the host's and each remote's, inherits it.
    const http = conf.slice(conf.indexOf('\nhttp {'), conf.indexOf('\n  server {'));
    expect(http).toContain('\n  absolute_redirect off;');
    expect(conf).not.toMatch(/absolute_redirect on|server_name_in_redirect on/);
  });
});
