import { type ComponentType, lazy, Suspense, useMemo, useState } from 'react';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';

/** What opens an on-demand part: fetching its code starts at the first sign of intent. */
export interface IntentHandlers {
  onPointerEnter: () => void;
  onFocus: () => void;
  onTouchStart: () => void;
}

/** A part of a page whose code comes when it is wanted, not with the page (decision 031). */
export interface OnDemandPart<P extends object> {
  /** Its code: fetched once, asked again only after a failure. */
  code: () => Promise<ComponentType<P>>;
  /** For the control that opens it: starts fetching its code. */
  intent: IntentHandlers;
  /** The skeleton's height while the code arrives, and what a failure says. */
  pendingHeight: string;
  failed: string;
}

/**
 * Describes a part whose code is fetched on demand: a form behind a button, say, with the form
 * library it brings. The fetch starts on intent (a pointer over the button, its focus or a
 * touch), so a click usually finds the code there.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { pendingHeight, failed }: { pendingHeight: string; failed: string },
): OnDemandPart<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const code = () => {
    // A failure is forgotten, so the next intent or the retry asks again.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const preload = () => {
    code().catch(() => undefined);
  };
  return {
    code,
    intent: { onPointerEnter: preload, onFocus: preload, onTouchStart: preload },
    pendingHeight,
    failed,
  };
}

function Pending({ height }: { height: string }) {
  const shown = useDelayedFlag(true);
  return shown ? <Skeleton height={height} /> : null;
}

/** Shows an on-demand part: a delayed skeleton while its code arrives, a retry if it does not. */
export function OnDemand<P extends object>({ part, props }: { part: OnDemandPart<P>; props: P }) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy per attempt: React.lazy keeps a rejected load for good.
  const Part = useMemo(
    () =>
      lazy<ComponentType<P>>(() =>
        part.code().then(
          (Loaded) => ({ default: Loaded }),
          () => ({
            default: () => (
              <LoadError message={part.failed} onRetry={() => setAttempt(attempt + 1)} />
            ),
          }),
        ),
      ),
    [part, attempt],
  );
  return (
    <Suspense fallback={<Pending height={part.pendingHeight} />}>
      <Part {...props} />
    </Suspense>
  );
}
