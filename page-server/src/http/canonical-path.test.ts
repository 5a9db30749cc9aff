// @vitest-environment node
import { canonicalTarget, isUnder } from './canonical-path';

const targetOf = (url: string) => {
  const read = canonicalTarget(url);
  return read.kind === 'canonical' ? read.target : `refused: ${read.why}`;
};

describe('canonicalTarget', () => {
  it('refuses every spelling of a climb out of /api and /media the probe sent (issue 45, row 3)', () => {
    for (const url of [
      '/api/%2e%2e/__sandbox/outbox?to=555000002',
      '/api/%2E%2E/__sandbox/outbox',
      '/api/.%2e/__sandbox/outbox',
      '/api/%2e./__sandbox/outbox',
      '/api/../__sandbox/outbox',
      '/api/./../__sandbox/outbox',
      '/api/..',
      '/media/%2e%2e/__sandbox/users/01001000005/ban',
      '/media/x/%2e',
    ]) {
      expect(canonicalTarget(url), url).toEqual({
        kind: 'refused',
        why: 'a `.` or `..` segment, escaped or not',
      });
    }
  });

  it('refuses what another reader could take for another path', () => {
    const refusals: [string, string][] = [
      ['/api/%2e%2e%2f__sandbox/outbox', 'an escaped slash or backslash'],
      ['/api/..%2F__sandbox', 'an escaped slash or backslash'],
      ['/api/..%5c__sandbox', 'an escaped slash or backslash'],
      ['/api/..\\__sandbox', 'a backslash'],
      ['/api/%252e%252e/__sandbox', 'an escaped percent sign (double encoding)'],
      ['/api/%00/x', 'a control character, NUL among them'],
      ['/api/\u0000/x', 'a control character, NUL among them'],
      ['/api/%7f', 'a control character, NUL among them'],
      ['/api/%zz', 'an escape without two hex digits'],
      ['/api/%2', 'an escape without two hex digits'],
      ['/api/x#/../y', 'a fragment'],
      ['/api/é', 'a byte outside ASCII, unescaped'],
      ['/api/%c0%ae%c0%ae/__sandbox', 'an escape no UTF-8 text has'],
      ['/api/%e0%80%ae', 'an escape no UTF-8 text has'],
      ['/api/%ff', 'an escape no UTF-8 text has'],
      ['/api/%c3', 'an escape that is not UTF-8'],
      ['/api/%80', 'an escape that is not UTF-8'],
      ['http://evil.example/api/x', 'not a path of this site'],
      ['*', 'not a path of this site'],
      ['', 'not a path of this site'],
    ];
    for (const [url, why] of refusals)
      expect(canonicalTarget(url), url).toEqual({ kind: 'refused', why });
  });

  it('spells the login’s path one way, whatever its escapes or slashes (issue 45, row 4)', () => {
    for (const url of [
      '/api/user/api/token/',
      '/api/user/api/%74oken/',
      '/api/user/api/to%6Ben/',
      '/api/user/api/to%6ben/',
      '/api//user/api/token/',
      '//api/user//api/token//',
    ]) {
      expect(canonicalTarget(url), url).toMatchObject({ path: '/api/user/api/token/' });
    }
    expect(targetOf('/api/user/api/%74oken/?next=%2Fcomplaints')).toBe(
      '/api/user/api/token/?next=%2Fcomplaints',
    );
  });

  it('keeps what a path may hold, and escapes the rest one way', () => {
    for (const [url, canonical] of [
      ['/', '/'],
      ['//', '/'],
      ['/recovery', '/recovery'],
      ['/recovery/', '/recovery/'],
      ['/main.0123abcd.js', '/main.0123abcd.js'],
      ['/mf-stats%2ejson', '/mf-stats.json'],
      ['/...', '/...'],
      ['/a%20b/%c3%a9/%E1%83%A1', '/a%20b/%C3%A9/%E1%83%A1'],
      ['/a%3Fb%23c', '/a%3Fb%23c'],
      ["/a:b@c!$&'()*+,;=~_-", "/a:b@c!$&'()*+,;=~_-"],
      ['/a"b<c>{d}|^`', '/a%22b%3Cc%3E%7Bd%7D%7C%5E%60'],
      // The query is the provider's to read: passed on as it came.
      ['/x?a=../../b&c=%2e%2e', '/x?a=../../b&c=%2e%2e'],
    ] as const) {
      expect(targetOf(url), url).toBe(canonical);
    }
  });

  it('is its own canonical form, and a URL parser reads the same path in it', () => {
    for (const url of [
      '/api/user/api/%74oken/',
      '/a%20b/%c3%a9/',
      '/a"b<c>{d}|^`',
      '/x/%2e%2e.js',
      '/api//x',
    ]) {
      const first = canonicalTarget(url);
      if (first.kind !== 'canonical') throw new Error(`${url} refused`);
      expect(canonicalTarget(first.target), url).toEqual(first);
      // What the gateway hands undici is the path the provider is asked: nothing resolved away.
      expect(new URL(`http://provider.example${first.target}`).pathname, url).toBe(first.path);
    }
  });
});

describe('isUnder', () => {
  it('is a folder or a path inside it, never a neighbour that starts alike', () => {
    expect(isUnder('/api', '/api/')).toBe(true);
    expect(isUnder('/api/user/', '/api')).toBe(true);
    expect(isUnder('/apix/user/', '/api')).toBe(false);
    expect(isUnder('/media/x', '/cms/uploads/')).toBe(false);
  });
});
