import { useEffect, useRef, useState } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { HOST_RELEASE } from 'release-contract/rum-events';
import { ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { canReloadForChunkError, reloadForChunkError } from '../../chunk-reload/reload-guard';
import { reportRum } from '../../telemetry/rum-reporter';
import { kaHost } from '../../words/ka-host';
import { describeError, type ErrorDescription } from './describe-error';
import styles from './error-page.module.css';

/** The error page: the status, what went wrong in Georgian, and the way home. */
export function ErrorView({ status, message, kind }: ErrorDescription) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${status} · ${kaHost.brand}`;
    heading.current?.focus();
  }, [status]);
  return (
    <section className={styles.page} aria-labelledby="error-title">
      <p className={styles.status}>
        <span className="visually-hidden">{kaHost.errors.statusLabel}: </span>
        {status}
      </p>
      <h1 id="error-title" className={styles.title} ref={heading} tabIndex={-1}>
        {kind === 'not-found' ? message : kaHost.errors.genericTitle}
      </h1>
      {kind === 'not-found' ? null : <p className={styles.message}>{message}</p>}
      <div className={styles.actions}>
        <Link to="/">{kaHost.errors.backHome}</Link>
        {kind === 'chunk' ? (
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {kaHost.errors.reloadPage}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The router's error element. A chunk that failed to load (a redeploy replaced it, or the
 * network dropped) reloads the page once; a second failure inside the guard window shows the
 * error page instead of looping.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const description = describeError(error);
  const [reloading, setReloading] = useState(
    () => description.kind === 'chunk' && canReloadForChunkError(),
  );
  // An address nobody has is not a failure of the page: its route is reported as `not-found`.
  const failed = description.kind !== 'not-found';
  const reported = useRef(false);
  useEffect(() => {
    if (!failed || reported.current) return;
    reported.current = true;
    reportRum({ type: 'error', kind: 'boundary', slice: 'host', release: HOST_RELEASE });
  }, [failed]);
  useEffect(() => {
    // No stamp, no guarded reload: the error page with its reload button, never a spinner.
    if (reloading && !reloadForChunkError()) setReloading(false);
  }, [reloading]);
  if (reloading) return <p role="status">{ka.common.loading}</p>;
  return <ErrorView {...description} />;
}
