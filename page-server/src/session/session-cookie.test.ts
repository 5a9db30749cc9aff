// @vitest-environment node
import {
  clearedSessionCookie,
  clearedSignedInCookie,
  sessionCookie,
  signedInCookie,
} from './session-cookie';

describe('the session cookie', () => {
  it('is out of every script’s reach, sent on the site’s own navigations, on the whole site', () => {
    const cookie = sessionCookie('eyJhbGciOiJkaXIifQ..iv.cipher.tag', false, 43_200);
    expect(cookie.split('; ')).toEqual([
      'user=eyJhbGciOiJkaXIifQ..iv.cipher.tag',
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
      'Max-Age=43200',
    ]);
  });

  it('is sent over https only when the site is served over https', () => {
    expect(sessionCookie('a.b.c', true, 60)).toMatch(/; Secure$/);
    expect(clearedSessionCookie(true)).toMatch(/; Secure$/);
    expect(clearedSessionCookie(false)).not.toContain('Secure');
  });

  it('is removed by an expiry in the past on the root path', () => {
    expect(clearedSessionCookie(false)).toBe(
      'user=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
  });

  it('refuses to carry anything but a sealed value', () => {
    expect(() => sessionCookie('{"access":"a"}', false, 60)).toThrow(/not a sealed session/);
    expect(() => sessionCookie('a; Domain=evil.example', false, 60)).toThrow(
      /not a sealed session/,
    );
  });

  it('has a readable companion that lives and goes with it, holding nothing', () => {
    expect(signedInCookie(true, 60.7)).toBe(
      'signed_in=1; Path=/; SameSite=Lax; Max-Age=60; Secure',
    );
    expect(clearedSignedInCookie(false)).toBe(
      'signed_in=; Path=/; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
  });
});
