import { generateKeyPairSync } from 'node:crypto';
import { publicKeyPemOf } from 'release-contract/signed-releases';
import { pageServerEnv, restartDelayMs } from './page-servers';

describe('a page server’s environment', () => {
  it('has the public key of the rollout’s signing key and nothing only the rollout holds', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const env = pageServerEnv(
      {
        RELEASES_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        RELEASE_ORIGIN_TOKEN: 'upload-token',
        RELEASE_ORIGIN_SECRET_KEY: 'secret',
        RELEASES_TARGET: 'https://origin.example/releases.json',
        AWS_SECRET_ACCESS_KEY: 'the machine’s',
        SANDBOX_POSTGRES_URL: 'postgresql://sandbox:sandbox@127.0.0.1/sandbox',
        API_BASE_URL: 'https://provider.example',
        NODE_ENV: 'production',
      },
      3101,
    );
    expect(env.RELEASES_PUBLIC_KEY).toBe(publicKeyPemOf(privateKey));
    expect(env.RELEASES_SOURCE).toBe('https://origin.example/releases.json');
    expect(env).not.toHaveProperty('RELEASES_SIGNING_KEY');
    expect(env).not.toHaveProperty('RELEASE_ORIGIN_TOKEN');
    expect(env).not.toHaveProperty('RELEASE_ORIGIN_SECRET_KEY');
    // Nor anything else it does not read: an allow-list, not a deny-list.
    expect(env).not.toHaveProperty('AWS_SECRET_ACCESS_KEY');
    expect(env).not.toHaveProperty('SANDBOX_POSTGRES_URL');
    expect(env).not.toHaveProperty('RELEASES_TARGET');
    expect(env).toMatchObject({ API_BASE_URL: 'https://provider.example', NODE_ENV: 'production' });
  });

  it('names the deployed build by the page server’s own names, and passes a machine’s old ones on', () => {
    // The page server reads HOST_RENDER_WORKERS for one release and warns (issue 57): were it
    // dropped here, the machine's setting would be lost with no word.
    const env = pageServerEnv(
      { HOST_RENDER_WORKERS: '2', PAGE_SERVER_LOG_LEVEL: 'info', RELEASES_PUBLIC_KEY: 'key' },
      3101,
    );
    expect(env).toMatchObject({ HOST_RENDER_WORKERS: '2', PAGE_SERVER_LOG_LEVEL: 'info' });
    expect(env.PAGE_SERVER_ROOT).toMatch(/root$/);
    expect(env.PAGE_SERVER_RENDER_BUNDLE).toMatch(/render-page\.cjs$/);
    expect(env).not.toHaveProperty('HOST_ROOT');
  });
});

describe('a page server that stops', () => {
  it('is started again after a second the first time', () => {
    expect(restartDelayMs(1)).toBe(1_000);
  });

  it('waits twice as long each time it stops again soon after starting, at most 30 s', () => {
    expect([2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
