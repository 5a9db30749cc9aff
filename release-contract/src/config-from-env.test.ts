// @vitest-environment node

import { buildRuntimeConfig, runtimeConfigWithReleases } from './config-from-env';
import { formatPins, integrityOf } from './release-integrity';
import {
  paymentPageOrigins,
  providerSite,
  runtimeConfigSchema,
  sessionTiming,
} from './runtime-config';

function manifestUrls(env: Record<string, string | undefined>) {
  return Object.fromEntries(
    buildRuntimeConfig(env).remotes.map((remote) => [remote.name, remote.manifestUrl]),
  );
}

describe('buildRuntimeConfig', () => {
  it('points each remote at its port on localhost, where `pnpm start` serves it', () => {
    expect(manifestUrls({})).toEqual({
      remote_home: 'http://localhost:3001/mf-manifest.json',
      remote_account: 'http://localhost:3002/mf-manifest.json',
      remote_loans: 'http://localhost:3003/mf-manifest.json',
    });
  });

  it('uses REMOTE_*_PORT to move a remote to another port', () => {
    expect(manifestUrls({ REMOTE_ACCOUNT_PORT: '4102' })).toMatchObject({
      remote_home: 'http://localhost:3001/mf-manifest.json',
      remote_account: 'http://localhost:4102/mf-manifest.json',
    });
  });

  it('uses REMOTE_*_URL as the manifest address, ahead of any port', () => {
    const urls = manifestUrls({
      REMOTE_LOANS_URL: 'https://loans.example.ge/mf-manifest.json',
      REMOTE_LOANS_PORT: '9999',
    });
    expect(urls.remote_loans).toBe('https://loans.example.ge/mf-manifest.json');
  });

  it('has no route middleware unless ROUTE_MIDDLEWARE names some', () => {
    expect(buildRuntimeConfig({}).routeMiddleware).toEqual({});
  });

  it('reads route middleware from the ROUTE_MIDDLEWARE JSON', () => {
    const config = buildRuntimeConfig({
      ROUTE_MIDDLEWARE: '{"/static":["auth"],"/recovery":["guest","auth"]}',
    });
    expect(config.routeMiddleware).toEqual({ '/static': ['auth'], '/recovery': ['guest', 'auth'] });
  });

  it('refuses ROUTE_MIDDLEWARE that is not JSON', () => {
    expect(() => buildRuntimeConfig({ ROUTE_MIDDLEWARE: '{/static: auth' })).toThrow();
  });

  it('refuses ROUTE_MIDDLEWARE whose names are not a list', () => {
    expect(() => buildRuntimeConfig({ ROUTE_MIDDLEWARE: '{"/static":"auth"}' })).toThrow();
  });

  it('refuses a REMOTE_HOME_URL that is not a URL', () => {
    expect(() => buildRuntimeConfig({ REMOTE_HOME_URL: 'remote-home' })).toThrow();
  });

  it('needs every remote’s address and registered release in production', () => {
    expect(() => buildRuntimeConfig({ NODE_ENV: 'production' })).toThrow(
      /REMOTE_HOME_URL, REMOTE_HOME_INTEGRITY, REMOTE_ACCOUNT_URL, REMOTE_ACCOUNT_INTEGRITY, REMOTE_LOANS_URL, REMOTE_LOANS_INTEGRITY/,
    );
    const pins = {
      entry: integrityOf('entry'),
      server: integrityOf('server'),
      manifest: integrityOf('manifest'),
    };
    const configured = {
      NODE_ENV: 'production',
      REMOTE_HOME_URL: 'https://home.lender.ge/v12/mf-manifest.json',
      REMOTE_ACCOUNT_URL: 'https://account.lender.ge/v7/mf-manifest.json',
      REMOTE_LOANS_URL: 'https://loans.lender.ge/v9/mf-manifest.json',
      REMOTE_ACCOUNT_INTEGRITY: formatPins(pins),
      REMOTE_LOANS_INTEGRITY: formatPins({ entry: pins.entry, manifest: pins.manifest }),
    };
    expect(() => buildRuntimeConfig(configured)).toThrow(/set REMOTE_HOME_INTEGRITY$/);
    const config = buildRuntimeConfig(configured, { remote_home: pins });
    expect(config.remotes).toEqual([
      { name: 'remote_home', manifestUrl: configured.REMOTE_HOME_URL, integrity: pins },
      { name: 'remote_account', manifestUrl: configured.REMOTE_ACCOUNT_URL, integrity: pins },
      {
        name: 'remote_loans',
        manifestUrl: configured.REMOTE_LOANS_URL,
        integrity: { entry: pins.entry, manifest: pins.manifest },
      },
    ]);
  });

  it('refuses in production a release whose manifest is not pinned: it decides how the entry loads', () => {
    const pins = { entry: integrityOf('entry'), server: integrityOf('server') };
    const manifest = integrityOf('manifest');
    const env = {
      NODE_ENV: 'production',
      REMOTE_HOME_URL: 'https://home.lender.ge/v12/mf-manifest.json',
      REMOTE_ACCOUNT_URL: 'https://account.lender.ge/v7/mf-manifest.json',
      REMOTE_LOANS_URL: 'https://loans.lender.ge/v9/mf-manifest.json',
      REMOTE_HOME_INTEGRITY: formatPins(pins),
      REMOTE_ACCOUNT_INTEGRITY: formatPins({ ...pins, manifest }),
      REMOTE_LOANS_INTEGRITY: formatPins({ ...pins, manifest }),
    };
    expect(() => buildRuntimeConfig(env)).toThrow(/manifest.*: set REMOTE_HOME_INTEGRITY$/);
    const canary = {
      ...env,
      REMOTE_HOME_INTEGRITY: formatPins({ ...pins, manifest }),
      REMOTE_HOME_CANARY_URL: 'https://home.lender.ge/v13/mf-manifest.json',
      REMOTE_HOME_CANARY_PERCENT: '10',
      REMOTE_HOME_CANARY_INTEGRITY: formatPins(pins),
    };
    expect(() => buildRuntimeConfig(canary)).toThrow(/set REMOTE_HOME_CANARY_INTEGRITY$/);
    expect(buildRuntimeConfig(env, { remote_home: { ...pins, manifest } }).remotes[0]).toEqual({
      name: 'remote_home',
      manifestUrl: env.REMOTE_HOME_URL,
      integrity: { ...pins, manifest },
    });
  });

  it('stops at start-up on pins that are not SHA-384 integrity values', () => {
    expect(() => buildRuntimeConfig({ REMOTE_HOME_INTEGRITY: 'sha256-abc' })).toThrow(
      /REMOTE_HOME_INTEGRITY/,
    );
  });
});

describe('runtimeConfigWithReleases', () => {
  const pins = { entry: integrityOf('entry'), server: integrityOf('server') };
  const whole = { ...pins, manifest: integrityOf('manifest') };
  const document = (integrity: typeof pins) => ({
    remotes: buildRuntimeConfig({}).remotes.map((remote) => ({
      ...remote,
      manifestUrl: `https://releases.example/${remote.name}/releases/aaaaaaaaaaaa/mf-manifest.json`,
      integrity,
    })),
  });

  it('takes the releases from the document and the rest from the environment, with no REMOTE_*_URL in production', () => {
    const env = { NODE_ENV: 'production', SESSION_IDLE_SECONDS: '600' };
    const config = runtimeConfigWithReleases(env, document(whole));
    expect(config.remotes).toEqual(document(whole).remotes);
    expect(config.session).toEqual({ idleSeconds: 600, warningSeconds: 120 });
  });

  it('refuses, in production, a document whose releases are not pinned whole', () => {
    expect(() => runtimeConfigWithReleases({ NODE_ENV: 'production' }, document(pins))).toThrow(
      "remote_home's release has no manifest digest",
    );
    expect(runtimeConfigWithReleases({}, document(pins)).remotes).toHaveLength(
      document(pins).remotes.length,
    );
  });
});

describe('session timing from env', () => {
  it('defaults to 900 s idle and a 120 s warning', () => {
    expect(buildRuntimeConfig({}).session).toEqual({
      idleSeconds: 900,
      warningSeconds: 120,
    });
  });

  it('reads SESSION_IDLE_SECONDS and SESSION_WARNING_SECONDS', () => {
    expect(
      buildRuntimeConfig({ SESSION_IDLE_SECONDS: '8', SESSION_WARNING_SECONDS: '5' }).session,
    ).toEqual({ idleSeconds: 8, warningSeconds: 5 });
  });

  it.each([
    [{ SESSION_IDLE_SECONDS: '0' }],
    [{ SESSION_IDLE_SECONDS: '-5' }],
    [{ SESSION_IDLE_SECONDS: '1.5' }],
    [{ SESSION_WARNING_SECONDS: 'two' }],
    [{ SESSION_IDLE_SECONDS: '60', SESSION_WARNING_SECONDS: '60' }],
  ])('refuses %o at start-up', (env) => {
    expect(() => buildRuntimeConfig(env)).toThrow(/SESSION_|session/);
  });

  it('lets an older config without session parse, with the defaults', () => {
    const config = runtimeConfigSchema.parse({ remotes: [], routeMiddleware: {} });
    expect(sessionTiming(config)).toEqual({ idleSeconds: 900, warningSeconds: 120 });
  });
});

describe("the provider's files from env", () => {
  it('names the API, the media folder and the provider’s and host’s origins by default', () => {
    expect(buildRuntimeConfig({}).provider).toEqual({
      paths: ['/api/', '/media/'],
      origins: ['http://127.0.0.1:4000', 'http://localhost:3000', 'http://127.0.0.1:3000'],
    });
  });

  it('stops at start-up on a folder or origin it cannot use', () => {
    expect(() => buildRuntimeConfig({ PROVIDER_MEDIA_PATHS: '/' })).toThrow(/PROVIDER_MEDIA_PATHS/);
    expect(() => buildRuntimeConfig({ PROVIDER_ORIGINS: 'data:,x' })).toThrow(/PROVIDER_ORIGINS/);
  });

  it('lets an older config without the provider parse, with the contract’s folders', () => {
    const config = runtimeConfigSchema.parse({ remotes: [], routeMiddleware: {} });
    expect(providerSite(config)).toEqual({ paths: ['/api/', '/media/'], origins: [] });
  });
});

describe('the bank’s payment page from env (contract v1.3)', () => {
  it('names the sandbox’s bank by default, and PAYMENT_PAGE_ORIGINS’s origins when set', () => {
    expect(buildRuntimeConfig({}).payment).toEqual({ pageOrigins: ['http://127.0.0.1:4100'] });
    expect(
      buildRuntimeConfig({
        PAYMENT_PAGE_ORIGINS: 'https://ecommerce.bog.ge/, https://tpay.tbcbank.ge:443',
      }).payment,
    ).toEqual({ pageOrigins: ['https://ecommerce.bog.ge', 'https://tpay.tbcbank.ge'] });
  });

  it('stops at start-up on an origin it cannot use', () => {
    expect(() => buildRuntimeConfig({ PAYMENT_PAGE_ORIGINS: 'javascript:alert(1)' })).toThrow(
      /PAYMENT_PAGE_ORIGINS/,
    );
  });

  it('lets an older config without the bank parse: no bank’s address is followed', () => {
    const config = runtimeConfigSchema.parse({ remotes: [], routeMiddleware: {} });
    expect(paymentPageOrigins(config)).toEqual([]);
  });
});
