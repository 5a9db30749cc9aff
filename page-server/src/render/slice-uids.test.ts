// @vitest-environment node
import { tenantIds } from './slice-uids';
import { workerIdentities } from './worker-user';

/*
 * Who each tenant's render workers run as (issue 56, row 2): a uid of its own, which belongs to
 * no one else on the machine; or, where the page server may not change user, its own, said.
 */

const nobodyTaken = { uids: new Set([0, 65534]), gids: new Set([0, 65534]), ranges: [] };
const asRoot = {
  uid: 0,
  lookUp: (name: string) =>
    name === 'nobody'
      ? { name, uid: 65534, gid: 65534 }
      : name === 'root'
        ? { name, uid: 0, gid: 0 }
        : undefined,
  taken: () => nobodyTaken,
};
const tenants = ['host', 'remote_home', 'remote_loans'];
const uidsOf = (env: Record<string, string>, self = asRoot) =>
  [...workerIdentities(env, tenants, self).identities.entries()].map(
    ([tenant, identity]) => `${tenant} ${identity.uid}:${identity.gid}`,
  );

describe('workerIdentities', () => {
  it('gives the host and each slice a uid of its own from RENDER_WORKER_UID_BASE, in the contract’s order', () => {
    expect(uidsOf({ RENDER_WORKER_UID_BASE: '50000' })).toEqual([
      'host 50000:50000',
      'remote_home 50001:50001',
      'remote_loans 50003:50003',
    ]);
    // The same slice gets the same uid whichever slices a page server renders.
    expect(workerIdentities({}, ['remote_loans'], asRoot).identities.get('remote_loans')?.uid).toBe(
      470_003,
    );
  });

  it('keeps the page server’s own user, and says why, when it may not change user or is told not to', () => {
    expect(workerIdentities({}, tenants, { ...asRoot, uid: 1000 })).toEqual({
      identities: new Map(),
      why: expect.stringContaining('runs as uid 1000'),
    });
    expect(workerIdentities({ RENDER_WORKER_USER: '-' }, tenants, asRoot)).toEqual({
      identities: new Map(),
      why: 'RENDER_WORKER_USER is "-"',
    });
  });

  it('runs every slice as a named RENDER_WORKER_USER, and says that they are not apart', () => {
    const named = workerIdentities({ RENDER_WORKER_USER: 'nobody' }, tenants, asRoot);
    expect(new Set([...named.identities.values()].map((identity) => identity.uid))).toEqual(
      new Set([65534]),
    );
    expect(named.why).toMatch(/one slice's code can signal another's/);
    expect(workerIdentities({ RENDER_WORKER_USER: 'root' }, tenants, asRoot).identities.size).toBe(
      0,
    );
  });

  it('refuses a base whose uids are someone’s, and runs the workers as nobody, as before, saying so', () => {
    const refused = workerIdentities({ RENDER_WORKER_UID_BASE: '65533' }, tenants, asRoot);
    expect(refused.why).toMatch(/uid 65534 \(for remote_home's render workers\) belongs to a user/);
    expect([...refused.identities.values()].every((identity) => identity.uid === 65534)).toBe(true);
  });
});

describe('tenantIds', () => {
  const taken = {
    uids: new Set([0, 1000]),
    gids: new Set([2000]),
    ranges: [{ first: 100_000, count: 65_536 }],
  };
  it.each([
    [0, /uid 0 .* is not a uid a worker may take/],
    [999, /uid 1000 \(for b's render workers\) belongs to a user/],
    [1999, /uid 2000 .* belongs to a group/],
    [100_010, /uid 100010 .* is in a subordinate range/],
    [4_294_967_294, /uid 4294967295 .* is not a uid/],
    [Number.NaN, /is not a uid/],
  ])('refuses base %d: %s', (base, why) => {
    expect(tenantIds(base, ['a', 'b'], taken, 5)).toEqual({
      why: expect.stringMatching(why),
    });
  });

  it('refuses the page server’s own uid', () => {
    expect(tenantIds(5, ['a'], taken, 5)).toEqual({
      why: "uid 5 (for a's render workers) is the page server's own",
    });
  });
});
