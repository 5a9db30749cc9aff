// @vitest-environment node
import { parseServiceAddress, renderServiceAddresses } from './render-service-address';

describe('where a slice’s render service is', () => {
  it('is host:port for each slice that has one; the others render in the page server', () => {
    const addresses = renderServiceAddresses({
      RENDER_SERVICE_REMOTE_HOME: 'render-remote-home.lender.svc.cluster.local:7310',
      RENDER_SERVICE_REMOTE_LOANS: ' [::1]:7311 ',
      RENDER_SERVICE_REMOTE_ACCOUNT: '',
    });
    expect([...addresses]).toEqual([
      ['remote_home', { host: 'render-remote-home.lender.svc.cluster.local', port: 7310 }],
      ['remote_loans', { host: '::1', port: 7311 }],
    ]);
  });

  it('stops the start on a value that is no address, naming the variable', () => {
    for (const raw of ['render-remote-home', 'host:0', 'host:70000', '[zz]:1', 'http://host:1']) {
      expect(() => parseServiceAddress('RENDER_SERVICE_REMOTE_HOME', raw)).toThrow(
        `RENDER_SERVICE_REMOTE_HOME must be host:port, got "${raw}"`,
      );
    }
    expect(() => renderServiceAddresses({ RENDER_SERVICE_REMOTE_LOANS: 'loans' })).toThrow(
      'RENDER_SERVICE_REMOTE_LOANS must be host:port',
    );
  });
});
