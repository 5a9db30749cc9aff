import { isKnownPath, routeOf } from './routes';

describe('isKnownPath', () => {
  it.each(['/', '/recovery', '/complaints', '/payment', '/static'])('knows the page %s', (path) => {
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

describe('routeOf', () => {
  it('lets only a customer reach their complaints, and only a visitor the recovery', () => {
    expect(routeOf('/complaints')?.middleware).toEqual(['auth']);
    expect(routeOf('/recovery')?.middleware).toEqual(['guest']);
  });

  it('lets only a customer see a payment’s outcome: the bank’s return, `?order=` and all', () => {
    expect(routeOf('/payment')?.middleware).toEqual(['auth']);
    expect(routeOf('/payment/')?.id).toBe('payment');
  });
});
