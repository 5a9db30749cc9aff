import type { ReleaseFigures } from './release-metrics';

/*
 * How a canary is judged (decisions 029 and 034), as Argo Rollouts' and Flagger's analyses judge
 * one: against the stable release over the same window, on the signals its team owns. A beacon
 * is evidence, not a vote: the page servers' own counts come first, and the browser's count
 * only from views a page server sent and checked.
 */

export interface CanaryPolicy {
  /**
   * Verified page views the canary must have shown, and pages the page servers must have sent
   * with it, before it can be promoted; a quarter of it (in renders or in views) before either
   * rate can roll it back.
   */
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

interface Check {
  what: string;
  canary: number;
  stable: number;
  /** Whether the canary has enough of this evidence for its rate to mean anything yet. */
  enough: boolean;
}

/** The first check whose canary rate is worse than the stable's beyond the tolerance. */
function worse(checks: readonly Check[], policy: CanaryPolicy): string | undefined {
  const failed = checks.find(
    (check) => check.enough && check.canary > check.stable + policy.tolerance,
  );
  return failed
    ? `its ${failed.what} is ${percent(failed.canary)} against the stable release's ${percent(failed.stable)}`
    : undefined;
}

/**
 * The verdict on a canary from its figures and the stable release's over the window so far:
 *
 * 1. The page servers' own evidence first, which no browser can send: the canary's server
 *    fallback rate (slots sent late or failed, per server render) worse than the stable's
 *    beyond the tolerance rolls it back at once, once it has a quarter of `minViews` renders.
 * 2. The browser's evidence counts only from verified views (a page a page server sent, its
 *    beacons with that page's view token, naming the releases the page was given, within the
 *    view's budget; every other beacon is counted apart and never reaches these figures), and
 *    as the share of views that reported an error — one view, one vote, however many errors it
 *    sent. Worse beyond the tolerance rolls it back at once, once a quarter of `minViews`
 *    verified views show it: every view it keeps costs a customer.
 * 3. Promotion needs both kinds of evidence when the window is over: at least `minViews`
 *    pages the page servers sent with the canary and `minViews` verified views of it, and
 *    nothing worse. Views the servers did not send pages for cannot promote it; a window
 *    without enough of either rolls it back, as nothing showed it sound.
 *
 * What is left to a stranger: each view they load is a page the servers rendered, worth one
 * vote of its slices, as any visitor's; to move a verdict they must outnumber the canary's real
 * views of the window (the stable release's, nine times as many at a canary of 10).
 */
export function judgeCanary(
  canary: ReleaseFigures,
  stable: ReleaseFigures,
  windowOver: boolean,
  policy: CanaryPolicy = DEFAULT_POLICY,
): Verdict {
  const quarter = Math.ceil(policy.minViews / 4);
  const fault = worse(
    [
      {
        what: 'server fallback rate',
        canary: ratio(canary.fallbacks, canary.renders),
        stable: ratio(stable.fallbacks, stable.renders),
        enough: canary.renders > 0 && (canary.renders >= quarter || windowOver),
      },
      {
        what: 'error rate',
        canary: ratio(canary.erred, canary.views),
        stable: ratio(stable.erred, stable.views),
        enough: canary.views > 0 && (canary.views >= quarter || windowOver),
      },
    ],
    policy,
  );
  if (fault) return { kind: 'roll back', why: fault };
  if (!windowOver) {
    return {
      kind: 'wait',
      why: `${canary.pages} pages sent with it, ${canary.views} verified page views so far`,
    };
  }
  if (canary.views < policy.minViews) {
    return {
      kind: 'roll back',
      why: `only ${canary.views} verified page views showed it in the window (at least ${policy.minViews} are needed to promote)`,
    };
  }
  if (canary.pages < policy.minViews) {
    return {
      kind: 'roll back',
      why: `the page servers sent only ${canary.pages} pages with it in the window (at least ${policy.minViews} are needed to promote)`,
    };
  }
  return {
    kind: 'promote',
    why: `over ${canary.views} page views its error rate (${percent(ratio(canary.erred, canary.views))}) and server fallback rate (${percent(ratio(canary.fallbacks, canary.renders))}) held against the stable release's (${percent(ratio(stable.erred, stable.views))}, ${percent(ratio(stable.fallbacks, stable.renders))}), on ${canary.pages} pages the page servers sent with it`,
  };
}
