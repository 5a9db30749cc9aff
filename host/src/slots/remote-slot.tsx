import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  type ComponentType,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { type RemoteModuleId, type RemoteName, remoteNameOf } from 'release-contract/remotes';
import { RELEASE_ATTRIBUTE, SLICE_ATTRIBUTE } from 'release-contract/rum-events';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { Skeleton } from 'shared/ui/skeleton';
import { isChunkLoadError } from '../chunk-reload/chunk-error';
import { canReloadForChunkError, reloadForChunkError } from '../chunk-reload/reload-guard';
import { ModuleNotInRelease } from '../federation/module-not-in-release';
import { ReleaseChanged, takeReleaseChanged } from '../federation/server-rendered-slots';
import { useHydrating } from '../lib/use-hydrating';
import { reportRum } from '../telemetry/rum-reporter';
import { useSliceRelease } from '../telemetry/slice-releases';
import { kaHost } from '../words/ka-host';
import { RemoteLoaderContext } from './remote-loader';
import styles from './remote-slot.module.css';
import { SEAM_ATTRIBUTE, SlotSeamContext, seamEnd } from './slot-seam';
import { useEarlyPress } from './use-early-press';
import { useNearViewportGate } from './use-near-viewport-gate';

type Variant = 'block' | 'inline';

export interface RemoteSlotProps {
  id: RemoteModuleId;
  /** What this part of the page is, for the fallback's accessible name. */
  label: string;
  variant?: Variant;
  /**
   * A class of the page's that reserves the slot's final height (per screen width where one
   * height cannot fit all) while the remote loads (block slots): nothing moves when it arrives.
   * A class, not a style: the server's HTML may carry no inline style (the CSP's style-src).
   */
  reserve?: string;
  /**
   * Below the fold on a phone: load nothing until the slot comes within 200 px of the
   * viewport, so what the customer sees first does not wait behind it.
   */
  whenNearViewport?: boolean;
  /** Shown while the remote loads, instead of a skeleton (inline slots). */
  pending?: ReactNode;
  /**
   * The page is whole without it: while the remote's current release does not have the module
   * yet (the host deployed first, decision 019), the slot renders nothing instead of saying
   * the remote is unavailable.
   */
  optional?: boolean;
  /**
   * Called once the slot shows what it will show: its remote's component, or its fallback
   * (a page holds what is below a slot until then, `holdsBelow`).
   */
  onSettled?: () => void;
}

const NOTHING: { default: ComponentType } = { default: () => null };

/**
 * The remote's component as the slot renders it. Code of another release than the one that
 * made the slot's server HTML throws whenever React would hydrate that HTML with it, so React
 * renders the slot afresh instead (decision 020); a render in the browser is the component's.
 */
function withReleaseGuard(
  id: RemoteModuleId,
  Component: ComponentType,
  queryClient: QueryClient,
): ComponentType {
  const changed = takeReleaseChanged(id);
  if (!changed) return Component;
  // What the other release's code asked for may not be what this code reads: asked again.
  const own = new Set(changed.queries);
  if (own.size > 0) queryClient.removeQueries({ predicate: (query) => own.has(query.queryHash) });
  return function ReleaseGuard() {
    if (useHydrating()) throw new ReleaseChanged(`${id}: the page was rendered by another release`);
    return <Component />;
  };
}

interface Reservation {
  variant: Variant;
  reserve?: string | undefined;
  pending?: ReactNode;
  /** A deferred slot far from the viewport: it holds its place, and is not loading yet. */
  waiting?: boolean;
}

/** The slot's place, held at its size (the page's class, or a default one) while it loads. */
function Placeholder({
  reserve,
  children,
}: Omit<Reservation, 'variant'> & { children?: ReactNode }) {
  return <div className={`${styles.pending} ${reserve ?? styles.defaultReserve}`}>{children}</div>;
}

function Pending({ variant, reserve, pending, waiting = false }: Reservation) {
  const shown = useDelayedFlag(!waiting);
  if (variant === 'inline') {
    if (pending !== undefined) return pending;
    return shown ? <Skeleton height="2rem" width="6rem" /> : null;
  }
  return (
    <Placeholder reserve={reserve}>
      {shown ? (
        <span className={styles.fill}>
          <Skeleton height="100%" />
        </span>
      ) : null}
      {shown ? <span className="visually-hidden">{kaHost.remote.loading}</span> : null}
    </Placeholder>
  );
}

/**
 * Keeps the slot's place while the page reloads for a chunk a redeploy replaced. When the
 * reload cannot be guarded (the stamp could not be written) it does not happen, and the
 * slot shows its fallback instead of waiting forever.
 */
function ReloadForChunk({ fallback, ...reservation }: Reservation & { fallback: ReactNode }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!reloadForChunkError()) setFailed(true);
  }, []);
  return failed ? fallback : <Pending {...reservation} />;
}

/**
 * Tells the slot's page, once committed, that the slot shows what it will show. In a slice's
 * render worker it also marks where the slot's markup ends (`seam`; nothing in the browser).
 */
function Settled({ onSettled, seam = '' }: { onSettled: (() => void) | undefined; seam?: string }) {
  useEffect(() => {
    onSettled?.();
  }, [onSettled]);
  return seam ? seamEnd(seam) : null;
}

/** Reports, once committed, that the slot failed: in an effect, so never on the server. */
function ReportSlotError({
  error,
  slice,
  release,
}: {
  error: unknown;
  slice: RemoteName;
  release: string;
}) {
  // Once per mount, StrictMode's second run of the effect included.
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    reportRum({ type: 'error', kind: isChunkLoadError(error) ? 'chunk' : 'slot', slice, release });
  }, [error, slice, release]);
  return null;
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
        {kaHost.remote.unavailable}
      </p>
      {variant === 'block' ? <p className={styles.hint}>{kaHost.remote.unavailableHint}</p> : null}
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
 * the page once, under the same guard as the host's own chunks. The server renders the same
 * slot with the slice's server code (decision 020); the browser hydrates it when it loads.
 *
 * Memoised: the server's HTML of a slot whose code is still on its way stays only while
 * nothing renders the slot again. An update that reaches it first (the page around it
 * re-rendering once hydrated) makes React drop that HTML for the skeleton until the code
 * arrives: on a slow phone a customer's whole page blinked to skeletons and back (issue 29).
 * Its props are values and stable callbacks, so the page's re-renders stop here.
 */
export const RemoteSlot = memo(function RemoteSlot({
  id,
  label,
  variant = 'block',
  reserve,
  pending,
  optional = false,
  whenNearViewport = false,
  onSettled,
}: RemoteSlotProps) {
  const load = useContext(RemoteLoaderContext);
  const seam = useContext(SlotSeamContext);
  const queryClient = useQueryClient();
  const { ref, opened, near } = useNearViewportGate(whenNearViewport);
  const { owner: pressOwner, hydrated } = useEarlyPress();
  // The slot's place is watched by both: the gate (for the viewport) and the early press.
  const ownerRef = useCallback(
    (element: HTMLDivElement | null) => {
      ref.current = element;
      pressOwner.current = element;
    },
    [ref, pressOwner],
  );
  const settled = useCallback(() => {
    hydrated();
    onSettled?.();
  }, [hydrated, onSettled]);
  const slice = remoteNameOf(id);
  const release = useSliceRelease(slice);
  // The page reports each slice's release it showed: what its errors are counted against.
  useEffect(() => reportRum({ type: 'view', slice, release }), [slice, release]);
  const [attempt, setAttempt] = useState(0);
  // React.lazy caches a rejection, so each attempt needs its own lazy component.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt must build a new lazy().
  const Remote = useMemo<ComponentType>(
    () =>
      lazy(async () => {
        await opened;
        try {
          const module = await load(id);
          return { default: withReleaseGuard(id, module.default, queryClient) };
        } catch (error) {
          if (optional && error instanceof ModuleNotInRelease) return NOTHING;
          throw error;
        }
      }),
    [id, attempt, optional, load, opened, queryClient],
  );

  const renderFallback = ({ error }: FallbackProps) => {
    const fallback = (
      <>
        <SlotFallback label={label} variant={variant} onRetry={() => setAttempt((n) => n + 1)} />
        <Settled onSettled={settled} />
      </>
    );
    return (
      <>
        <ReportSlotError error={error} slice={slice} release={release} />
        {isChunkLoadError(error) && canReloadForChunkError() ? (
          <ReloadForChunk
            variant={variant}
            reserve={reserve}
            pending={pending}
            fallback={fallback}
          />
        ) : (
          fallback
        )}
      </>
    );
  };

  const slot = (
    <ErrorBoundary key={attempt} fallbackRender={renderFallback}>
      <Suspense
        fallback={<Pending variant={variant} reserve={reserve} pending={pending} waiting={!near} />}
      >
        <Remote />
        <Settled onSettled={settled} seam={seam} />
      </Suspense>
    </ErrorBoundary>
  );
  // The slot's root names its slice and release, so what the page's telemetry sees in it (an
  // LCP element, a shift) is attributed; the same on the server, for hydration.
  const owner = {
    [SLICE_ATTRIBUTE]: slice,
    [RELEASE_ATTRIBUTE]: release,
    ...(seam ? { [SEAM_ATTRIBUTE]: id } : {}),
  };
  // The place a deferred slot watches for the viewport's approach.
  return whenNearViewport ? (
    <div ref={ownerRef} className={styles.deferred} {...owner}>
      {slot}
    </div>
  ) : (
    <div
      ref={ownerRef}
      className={variant === 'block' ? `${styles.owner} ${styles.blockOwner}` : styles.owner}
      {...owner}
    >
      {slot}
    </div>
  );
});
