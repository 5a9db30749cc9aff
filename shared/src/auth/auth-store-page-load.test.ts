import { holdSession } from '../testing/session';

// A file of its own: the store is made afresh (vi.resetModules), and every module imported
// after that, the API client the first call fetches included, would be a second copy for the
// tests that followed, with listeners of its own.
it('starts logged in when the page loads with signed_in=1', async () => {
  holdSession();
  vi.resetModules();
  const { useAuthStore } = await import('./auth-store');
  expect(useAuthStore.getState().status).toBe('logged-in');
});
