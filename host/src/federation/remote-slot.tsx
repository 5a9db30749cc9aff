import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import type { RemoteModuleId } from 'shared/federation/remote-modules';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { Skeleton } from 'shared/ui/skeleton';
import { isChunkLoadError } from '../chunk-reload/chunk-error';
import { canReloadForChunkError, reloadForChunkError } from '../chunk-reload/reload-guard';
import { loadRemoteModule } from './register-remotes';
import styles from './remote-slot.module.css';

type Variant = 'block' | 'inline';

export interface RemoteSlotProps {
  id: RemoteModuleId;
  /** What this part of the page is, for the fallback's accessible name. */
  label: string;
  variant?: Variant;
  /** Height the skeleton reserves while the remote loads (block slots). */
  minHeight?: string;
}

function Pending({ variant, minHeight }: { variant: Variant; minHeight: string }) {
  const shown = useDelayedFlag(true);
  if (variant === 'inline') return shown ? <Skeleton height="2rem" width="6rem" /> : null;
  return (
    <div className={styles.pending} style={{ minHeight }}>
      {shown ? <Skeleton height={minHeight} /> : null}
      {shown ? <span className="visually-hidden">{ka.remote.loading}</span> : null}
    </div>
  );
}

/**
 * Keeps the slot's place while the page reloads for a chunk a redeploy replaced. When the
 * reload cannot be guarded (the stamp could not be written) it does not happen, and the
 * slot shows its fallback instead of waiting forever.
 */
function ReloadForChunk({
  variant,
  minHeight,
  fallback,
}: {
  variant: Variant;
  minHeight: string;
  fallback: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!reloadForChunkError()) setFailed(true);
  }, []);
  return failed ? fallback : <Pending variant={variant} minHeight={minHeight} />;
}

function SlotFallback({
  label,
  variant,
  onRetry,
}: {
  label: string;
  variant: Variant;
  onRetry: () => void;
}) {
  return (
    <section
      className={variant === 'inline' ? styles.inline : styles.fallback}
      aria-label={label}
      data-remote-fallback=""
    >
      <p className={styles.message} role="alert">
        {ka.remote.unavailable}
      </p>
      {variant === 'block' ? <p className={styles.hint}>{ka.remote.unavailableHint}</p> : null}
      <Button variant="secondary" onClick={onRetry}>
        {ka.common.retry}
      </Button>
    </section>
  );
}

/**
 * One part of a page that a remote renders. A remote that is down or throws degrades only
 * this slot: the fallback says so in Georgian and offers a retry, which loads afresh without
 * a page reload. A failed chunk of a remote that is up means it was redeployed: that reloads
 * the page once, under the same guard as the host's own chunks.
 */
export function RemoteSlot({ id, label, variant = 'block', minHeight = '8rem' }: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0);
  // React.lazy caches a rejection, so each attempt needs its own lazy component.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt must build a new lazy().
  const Remote = useMemo<ComponentType>(() => lazy(() => loadRemoteModule(id)), [id, attempt]);

  const renderFallback = ({ error }: FallbackProps) => {
    const fallback = (
      <SlotFallback label={label} variant={variant} onRetry={() => setAttempt((n) => n + 1)} />
    );
    if (isChunkLoadError(error) && canReloadForChunkError()) {
      return <ReloadForChunk variant={variant} minHeight={minHeight} fallback={fallback} />;
    }
    return fallback;
  };

  return (
    <ErrorBoundary key={attempt} fallbackRender={renderFallback}>
      <Suspense fallback={<Pending variant={variant} minHeight={minHeight} />}>
        <Remote />
      </Suspense>
    </ErrorBoundary>
  );
}
