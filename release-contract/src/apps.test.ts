import { HOST_APP, portOf, REMOTE_APPS, remoteApp, SANDBOX_APP } from './apps';
import { apiUpstream, hostOrigins, providerOrigins, providerPaths } from './origins';

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

  it('hands the API and the media folder to the provider, and the folders a deployment adds', () => {
    expect(providerPaths({})).toEqual(['/api/', '/media/']);
    expect(providerPaths({ PROVIDER_MEDIA_PATHS: ' /files/ , /cms/uploads/,/media/' })).toEqual([
      '/api/',
      '/media/',
      '/files/',
      '/cms/uploads/',
    ]);
  });

  it.each([
    ['the whole site', '/'],
    ['a folder without its closing slash', '/files'],
    ['a folder that climbs out', '/files/../'],
    ['a folder written with a backslash', '/\\files/'],
    ['another host', '//evil.example/'],
    ['a folder the URL parser would rewrite', '/fi%6ces/'],
  ])('refuses %s as a provider folder', (_, prefix) => {
    expect(() => providerPaths({ PROVIDER_MEDIA_PATHS: prefix })).toThrow(/PROVIDER_MEDIA_PATHS/);
  });

  it("names the provider's files by its own origin, its public ones and the host's", () => {
    expect(providerOrigins({})).toEqual([
      'http://127.0.0.1:4000',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
    expect(
      providerOrigins({
        API_BASE_URL: 'http://provider.internal:8000/',
        PROVIDER_ORIGINS: 'https://API.lender.ge/, https://cdn.lender.ge:443',
        HOST_ORIGINS: 'https://lender.ge',
      }),
    ).toEqual([
      'http://provider.internal:8000',
      'https://api.lender.ge',
      'https://cdn.lender.ge',
      'https://lender.ge',
    ]);
  });

  it('refuses an origin that is not an http(s) address', () => {
    expect(() => providerOrigins({ PROVIDER_ORIGINS: 'javascript:alert(1)' })).toThrow(
      /PROVIDER_ORIGINS/,
    );
    expect(() => hostOrigins({ HOST_ORIGINS: 'lender.ge' })).toThrow(/HOST_ORIGINS/);
  });

  it("serves the host's page on localhost and 127.0.0.1 unless HOST_ORIGINS says where", () => {
    expect(hostOrigins({ HOST_PORT: '8080' })).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
    ]);
    expect(hostOrigins({ HOST_ORIGINS: 'https://lender.ge/' })).toEqual(['https://lender.ge']);
  });
});
