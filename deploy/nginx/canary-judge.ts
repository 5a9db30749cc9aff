import type { ReleaseFigures } from './release-metrics';

/*
 * How a canary is judged (decision 029), as Argo Rollouts' and Flagger's analyses judge one:
 * against the stable release over the same window, on the signals its team owns — the errors
 * the pages attribute to it and its slots' server fallbacks, each per page view or render.
 */

export interface CanaryPolicy {
  /** Page views the canary must have shown before it can be promoted. */
  minViews: number;
  /**
   * How much worse than the stable release the canary's rates may be, in absolute terms (0.02:
   * two points), before it is rolled back: enough that one unlucky view does not.
   */
  tolerance: number;
}

export const DEFAULT_POLICY: CanaryPolicy = { minViews: 20, tolerance: 0.02 };

export type Verdict =
  | { kind: 'wait'; why: string }
  | { kind: 'promote'; why: string }
  | { kind: 'roll back'; why: string };

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const percent = (value: number) => `${(100 * value).toFixed(1)}%`;

/** The first of the canary's rates that is worse than the stable's beyond the tolerance. */
function worse(
  canary: ReleaseFigures,
  stable: ReleaseFigures,
  policy: CanaryPolicy,
): string | undefined {
  const checks = [
    {
      what: 'error rate',
      canary: ratio(canary.errors, canary.views),
      stable: ratio(stable.errors, stable.views),
      enough: canary.views > 0,
    },
    {
      what: 'server fallback rate',
      canary: ratio(canary.fallbacks, canary.renders),
      stable: ratio(stable.fallbacks, stable.renders),
      enough: canary.renders > 0,
    },
  ];
  const failed = checks.find(
    (check) => check.enough && check.canary > check.stable + policy.tolerance,
  );
  return failed
    ? `its ${failed.what} is ${percent(failed.canary)} against the stable release's ${percent(failed.stable)}`
    : undefined;
}

/**
 * The verdict on a canary from its figures and the stable release's over the window so far.
 * Worse beyond the tolerance rolls it back at once, however early (every view it keeps costs
 * a customer); it is promoted only once the window has passed with enough views and nothing
 * worse; a window that ends without enough views rolls it back, as nothing showed it is sound.
 */
export function judgeCanary(
  canary: ReleaseFigures,
  stable: ReleaseFigures,
  windowOver: boolean,
  policy: CanaryPolicy = DEFAULT_POLICY,
): Verdict {
  const fault = worse(canary, stable, policy);
  // A rate needs a few views before it means anything: below a quarter of the minimum, wait.
  if (fault && (canary.views >= Math.ceil(policy.minViews / 4) || windowOver)) {
    return { kind: 'roll back', why: fault };
  }
  if (!windowOver) return { kind: 'wait', why: `${canary.views} page views so far` };
  if (canary.views < policy.minViews) {
    return {
      kind: 'roll back',
      why: `only ${canary.views} page views showed it in the window (at least ${policy.minViews} are needed to promote)`,
    };
  }
  return {
    kind: 'promote',
    why: `over ${canary.views} page views its error rate (${percent(ratio(canary.errors, canary.views))}) and server fallback rate (${percent(ratio(canary.fallbacks, canary.renders))}) held against the stable release's (${percent(ratio(stable.errors, stable.views))}, ${percent(ratio(stable.fallbacks, stable.renders))})`,
  };
}
