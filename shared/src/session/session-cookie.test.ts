import Cookies from 'js-cookie';
import {
  clearSession,
  readSession,
  SESSION_COOKIE,
  saveSession,
} from 'shared/session/session-cookie';

describe('the session cookie', () => {
  it('reads back the session it saved', () => {
    saveSession({ access: 'access-1', refresh: 'refresh-1' });
    expect(readSession()).toEqual({ access: 'access-1', refresh: 'refresh-1' });
  });

  it('stores the session as JSON in the cookie named user', () => {
    saveSession({ access: 'access-1', refresh: 'refresh-1' });
    expect(JSON.parse(Cookies.get(SESSION_COOKIE) ?? 'null')).toEqual({
      access: 'access-1',
      refresh: 'refresh-1',
    });
  });

  it('reads as no session when there is no cookie', () => {
    expect(readSession()).toBeNull();
  });

  it.each([
    ['text that is not JSON', 'not-json{'],
    ['JSON without the tokens', JSON.stringify({ token: 'abc' })],
    ['an empty access token', JSON.stringify({ access: '', refresh: 'r-1' })],
    ['tokens that are not strings', JSON.stringify({ access: 1, refresh: 2 })],
    ['a JSON array', JSON.stringify(['a', 'r'])],
  ])('reads %s as no session', (_, value) => {
    Cookies.set(SESSION_COOKIE, value, { path: '/' });
    expect(readSession()).toBeNull();
  });

  it('is gone after clearSession', () => {
    saveSession({ access: 'access-1', refresh: 'refresh-1' });
    clearSession();
    expect(Cookies.get(SESSION_COOKIE)).toBeUndefined();
    expect(readSession()).toBeNull();
  });
});
