import { isKnownPath } from './route-table';

describe('isKnownPath', () => {
  it.each(['/', '/recovery', '/static'])('knows the page %s', (path) => {
    expect(isKnownPath(path)).toBe(true);
  });

  it.each(['/recovery/', '/static/', '//'])('knows %s despite the trailing slash', (path) => {
    expect(isKnownPath(path)).toBe(true);
  });

  it.each(['/no-such-page', '/static/terms', '/recoveryx', '/Static'])(
    'does not know %s',
    (path) => {
      expect(isKnownPath(path)).toBe(false);
    },
  );
});
