import { HttpResponse, http } from 'msw';
import { mswServer as server } from 'shared/testing/msw-server';
import {
  loadRuntimeConfig,
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_PATH,
} from './runtime-config';

const config = {
  remotes: [{ name: 'remote_home', manifestUrl: 'http://localhost:3001/mf-manifest.json' }],
  routeMiddleware: {},
};

afterEach(() => {
  document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
});

describe('loadRuntimeConfig', () => {
  it('reads the configuration the server wrote into the page, with no request', async () => {
    const requested = vi.fn();
    server.use(http.get(RUNTIME_CONFIG_PATH, requested));
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = RUNTIME_CONFIG_ELEMENT_ID;
    element.textContent = JSON.stringify(config);
    document.head.append(element);

    await expect(loadRuntimeConfig()).resolves.toEqual(config);
    expect(requested).not.toHaveBeenCalled();
  });

  it('asks the server when the page carries none (the development server)', async () => {
    server.use(http.get(RUNTIME_CONFIG_PATH, () => HttpResponse.json(config)));
    await expect(loadRuntimeConfig()).resolves.toEqual(config);
  });

  it('refuses a configuration that does not match the schema', async () => {
    server.use(http.get(RUNTIME_CONFIG_PATH, () => HttpResponse.json({ remotes: 'all' })));
    await expect(loadRuntimeConfig()).rejects.toThrow();
  });
});
