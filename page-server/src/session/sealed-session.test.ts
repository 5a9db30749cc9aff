// @vitest-environment node
import { compactDecrypt } from 'jose';
import { openSession, type ServerSession, sealSession } from './sealed-session';
import { sessionKeys } from './session-keys';

const SECRET = 'a-test-secret-that-is-long-enough-to-be-a-key';
const ROTATED = 'the-next-secret-long-enough-to-be-a-key-too';
const limits = { idleSeconds: 900, maxSeconds: 12 * 3600 };
const began = 1_800_000_000;
const session: ServerSession = {
  id: 'session-1',
  access: 'access.jwt',
  refresh: 'refresh.jwt',
  began,
  used: began,
};

describe('the sealed session', () => {
  it('opens what it sealed, and the sealed value shows no token', async () => {
    const keys = sessionKeys({ SESSION_SECRET: SECRET });
    const sealed = await sealSession(session, keys, limits);
    expect(sealed).not.toContain('access.jwt');
    expect(Buffer.from(sealed.split('.')[0] ?? '', 'base64url').toString()).not.toContain('access');
    expect(await openSession(sealed, keys, limits, began + 60)).toEqual({ kind: 'open', session });
  });

  it('refuses a value changed by one character, or sealed with another secret', async () => {
    const keys = sessionKeys({ SESSION_SECRET: SECRET });
    const sealed = await sealSession(session, keys, limits);
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`;
    expect(await openSession(tampered, keys, limits, began)).toEqual({ kind: 'unreadable' });
    const stranger = sessionKeys({ SESSION_SECRET: `${SECRET}-not-ours` });
    expect(await openSession(sealed, stranger, limits, began)).toEqual({ kind: 'unreadable' });
    expect(await openSession('{"access":"a","refresh":"r"}', keys, limits, began)).toEqual({
      kind: 'unreadable',
    });
  });

  it('opens sessions sealed before a rotation with the previous secret, and seals with the new', async () => {
    const before = sessionKeys({ SESSION_SECRET: SECRET });
    const sealed = await sealSession(session, before, limits);
    const rotating = sessionKeys({ SESSION_SECRET: ROTATED, SESSION_SECRET_PREVIOUS: SECRET });
    expect((await openSession(sealed, rotating, limits, began)).kind).toBe('open');
    const resealed = await sealSession(session, rotating, limits);
    expect(
      (await openSession(resealed, sessionKeys({ SESSION_SECRET: ROTATED }), limits, began)).kind,
    ).toBe('open');
    // Once the rotation is over, the old secret's sessions end.
    expect(
      await openSession(sealed, sessionKeys({ SESSION_SECRET: ROTATED }), limits, began),
    ).toEqual({
      kind: 'unreadable',
    });
  });

  it('ends a session idle longer than the idle limit, and one older than the absolute limit', async () => {
    const keys = sessionKeys({ SESSION_SECRET: SECRET });
    const sealed = await sealSession(session, keys, limits);
    expect((await openSession(sealed, keys, limits, began + 900)).kind).toBe('open');
    expect(await openSession(sealed, keys, limits, began + 901)).toEqual({
      kind: 'ended',
      why: 'idle',
    });
    const kept = await sealSession({ ...session, used: began + 12 * 3600 - 10 }, keys, limits);
    expect(await openSession(kept, keys, limits, began + 12 * 3600)).toEqual({
      kind: 'ended',
      why: 'expired',
    });
  });

  it('is encrypted and authenticated with AES-256-GCM under a key named in its header', async () => {
    const keys = sessionKeys({ SESSION_SECRET: SECRET });
    const sealed = await sealSession(session, keys, limits);
    const { protectedHeader } = await compactDecrypt(sealed, keys.current.key);
    expect(protectedHeader).toMatchObject({ alg: 'dir', enc: 'A256GCM', kid: keys.current.id });
  });
});

describe('the session keys', () => {
  it('are required in production, made up per start elsewhere', () => {
    expect(() => sessionKeys({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required/);
    const a = sessionKeys({});
    const b = sessionKeys({});
    expect(a.current.id).not.toBe(b.current.id);
  });

  it('refuse a secret too short to be a key', () => {
    expect(() => sessionKeys({ SESSION_SECRET: 'hunter2' })).toThrow(/at least 32 characters/);
  });
});
