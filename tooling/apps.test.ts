import { apiUpstream, HOST_APP, portOf, REMOTE_APPS, remoteApp, SANDBOX_APP } from './apps';

describe('apps', () => {
  it('gives every app its own default port and its own variables', () => {
    const apps = [HOST_APP, ...REMOTE_APPS, SANDBOX_APP];
    expect(new Set(apps.map((app) => app.port)).size).toBe(apps.length);
    expect(new Set(apps.map((app) => app.portEnv)).size).toBe(apps.length);
    expect(new Set(REMOTE_APPS.map((app) => app.urlEnv)).size).toBe(REMOTE_APPS.length);
  });

  it('reads a port from its variable, and keeps the default for an unusable value', () => {
    const home = remoteApp('remote-home');
    expect(portOf(home, {})).toBe(3001);
    expect(portOf(home, { REMOTE_HOME_PORT: '4101' })).toBe(4101);
    expect(portOf(home, { REMOTE_HOME_PORT: 'abc' })).toBe(3001);
    expect(portOf(HOST_APP, { HOST_PORT: '8080' })).toBe(8080);
  });

  it('proxies to API_BASE_URL, else to the sandbox on SANDBOX_PORT', () => {
    expect(apiUpstream({})).toBe('http://127.0.0.1:4000');
    expect(apiUpstream({ SANDBOX_PORT: '4100' })).toBe('http://127.0.0.1:4100');
    expect(apiUpstream({ API_BASE_URL: 'https://api.example.ge' })).toBe('https://api.example.ge');
  });
});
