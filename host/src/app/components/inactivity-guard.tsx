import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { useActivityReports } from './use-activity-reports';

/*
 * The warning's code is loaded only for a logged-in customer, once the page is up: a visitor's
 * first load never carries it (the first-load budget, decision 014), and it is due 13 minutes
 * in at the earliest. A chunk that cannot load costs the warning, never the page.
 */
const InactivityWarning = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('./inactivity-warning').then(
      (module) => ({ default: () => <module.InactivityWarning /> }),
      (error: unknown) => {
        console.warn('the inactivity warning could not be loaded', error);
        return { default: () => null };
      },
    ),
);

/** Warns a logged-in customer before an inactive session ends (decision 022). */
export function InactivityGuard() {
  const loggedIn = useLoggedIn();
  useActivityReports();
  // Nothing on the server or in the first render, so hydration always agrees.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted || !loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <InactivityWarning />
    </Suspense>
  );
}
