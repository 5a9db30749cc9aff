import { ka } from 'shared/strings/ka';

/** Shown for the instant before the first route's code arrives. */
export function ShellFallback() {
  return (
    <p role="status" style={{ padding: 'var(--space-5)' }}>
      {ka.common.loading}
    </p>
  );
}
