// @vitest-environment node

import { VIEW_TOKEN_PATTERN } from 'release-contract/rum-events';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { sessionKeys } from '../session/session-keys';
import { VIEW_TOKEN_TTL_SECONDS, viewTokens } from './view-token';

const SECRET = 'a-test-secret-that-is-long-enough-to-be-a-key';
const NEXT_SECRET = 'the-next-secret-that-is-long-enough-to-be-a-key';

const config: RuntimeConfig = {
  remotes: [
    {
      name: 'remote_home',
      manifestUrl: 'https://lender.example/remote-home/releases/bbbbbbbbbbbb/mf-manifest.json',
    },
    { name: 'remote_loans', manifestUrl: 'http://localhost:3003/mf-manifest.json' },
  ],
  routeMiddleware: {},
};

describe('a page view’s token', () => {
  it('names a view of its own and each slice’s release on the page, and reads back on any page server', () => {
    const issuing = viewTokens(sessionKeys({ SESSION_SECRET: SECRET }));
    const other = viewTokens(sessionKeys({ SESSION_SECRET: SECRET }));
    const token = issuing.issue(config);
    expect(token).toMatch(VIEW_TOKEN_PATTERN);
    const check = other.check(token);
    expect(check).toMatchObject({
      kind: 'valid',
      claims: { releases: { remote_home: 'bbbbbbbbbbbb', remote_loans: 'dev' } },
    });
    const ids = new Set(
      Array.from({ length: 5 }, () => {
        const again = other.check(issuing.issue(config));
        return again.kind === 'valid' ? again.claims.id : undefined;
      }),
    );
    expect(ids.size).toBe(5);
  });

  it('is worth nothing once its time is over', () => {
    let now = 1_800_000_000;
    const tokens = viewTokens(sessionKeys({ SESSION_SECRET: SECRET }), () => now);
    const token = tokens.issue(config);
    now += VIEW_TOKEN_TTL_SECONDS - 1;
    expect(tokens.check(token).kind).toBe('valid');
    now += 1;
    expect(tokens.check(token).kind).toBe('expired');
  });

  it('cannot be made without the key: altered claims, another deployment’s key, the session’s own seal', () => {
    const tokens = viewTokens(sessionKeys({ SESSION_SECRET: SECRET }));
    const token = tokens.issue(config);
    const [payload = '', signature = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = Buffer.from(
      JSON.stringify({ ...claims, releases: { remote_home: 'cccccccccccc' } }),
    ).toString('base64url');
    const stranger = viewTokens(sessionKeys({ SESSION_SECRET: `${SECRET}-not-ours` }));
    for (const forged of [
      `${altered}.${signature}`,
      stranger.issue(config),
      `${payload}.${signature.slice(1)}A`,
      `${payload}`,
      '',
    ]) {
      expect(tokens.check(forged).kind, forged).toBe('forged');
    }
  });

  it('still reads what was issued before a key rotation', () => {
    const before = viewTokens(sessionKeys({ SESSION_SECRET: SECRET })).issue(config);
    const rotated = viewTokens(
      sessionKeys({ SESSION_SECRET: NEXT_SECRET, SESSION_SECRET_PREVIOUS: SECRET }),
    );
    expect(rotated.check(before).kind).toBe('valid');
    const after = viewTokens(sessionKeys({ SESSION_SECRET: NEXT_SECRET }));
    expect(after.check(before).kind).toBe('forged');
  });
});
