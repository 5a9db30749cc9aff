import { act } from '@testing-library/react';
import { useAuthStore } from 'shared/auth/auth-store';
import { runMiddleware } from './middleware';

const request = (path: string) => new Request(`http://localhost:3000${path}`);

function logIn() {
  act(() => useAuthStore.getState().setSession({ access: 'access-1', refresh: 'refresh-1' }));
}

function thrownBy(run: () => void): unknown {
  try {
    run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error('expected runMiddleware to throw');
}

describe('runMiddleware', () => {
  it('lets a route without middleware through', () => {
    expect(() => runMiddleware([], request('/'))).not.toThrow();
  });

  describe('auth', () => {
    it('sends a logged-out visitor home with the login form and the way back', () => {
      const thrown = thrownBy(() => runMiddleware(['auth'], request('/static?part=2')));
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe(
        `/?login=1&next=${encodeURIComponent('/static?part=2')}`,
      );
    });

    it('lets a logged-in user through', () => {
      logIn();
      expect(() => runMiddleware(['auth'], request('/static'))).not.toThrow();
    });
  });

  describe('guest', () => {
    it('sends a logged-in user home', () => {
      logIn();
      const thrown = thrownBy(() => runMiddleware(['guest'], request('/recovery')));
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get('Location')).toBe('/');
    });

    it('lets a logged-out visitor through', () => {
      expect(() => runMiddleware(['guest'], request('/recovery'))).not.toThrow();
    });
  });

  it.each(['nope', 'constructor', 'toString'])(
    'answers the unknown middleware "%s" with status 500 and its name',
    (name) => {
      const thrown = thrownBy(() => runMiddleware([name], request('/static')));
      expect(thrown).toMatchObject({
        data: { message: `Unknown middleware ${name}` },
        init: { status: 500 },
      });
    },
  );

  it('runs the middleware in order: the first that objects decides', () => {
    const thrown = thrownBy(() => runMiddleware(['auth', 'nope'], request('/static')));
    expect(thrown).toBeInstanceOf(Response);
    logIn();
    expect(thrownBy(() => runMiddleware(['auth', 'nope'], request('/static')))).toMatchObject({
      init: { status: 500 },
    });
  });
});
