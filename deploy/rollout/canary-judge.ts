import { type Count, type Difference, rateDifference, share } from './rate-difference';
import type { ReleaseFigures } from './release-metrics';

/*
 * How a canary is judged (decisions 029, 034 and 037), as canary analysis judges one (Kayenta;
 * Argo Rollouts' analysis): against the stable release over the same window, on the signals its
 * team owns, by a test of the difference with a minimum sample and a stated confidence, never a
 * fixed margin on a handful of views (issue 48: three late slots of 42 renders on a loaded
 * machine rolled a sound canary back). A beacon is evidence, not a vote: the page servers' own
 * counts come first, and the browser's count only from views a page server sent and checked.
 */

export interface CanaryPolicy {
  /**
   * Verified page views the canary must have shown, and pages the page servers must have sent
   * with it, before it can be promoted; a quarter of it (at least `FAST_PATH_MINIMUM`), in
   * renders or in views, before either rate can roll it back.
   */
  minViews: number;
  /**
   * How much worse than the stable release the canary's rates may be, in absolute terms (0.05:
   * five points): the margin a rollback must be shown beyond, and promotion shown within. A
   * loaded machine alone sends a few slots late; a canary is judged on what is worse than that.
   */
  tolerance: number;
  /** How sure each bound is, one-sided (0.95): of a canary worse, or of one no worse. */
  confidence: number;
}

export const DEFAULT_POLICY: CanaryPolicy = { minViews: 20, tolerance: 0.05, confidence: 0.95 };

/** Every one of at least this many canary renders (or views) failing needs no statistics. */
export const FAST_PATH_MINIMUM = 3;

/** The test the verdicts name, so a reader can look it up. */
const TEST = 'Newcombe–Wilson interval of the difference';

export type Verdict =
  | { kind: 'wait'; why: string }
  | { kind: 'promote'; why: string }
  | { kind: 'roll back'; why: string };

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
const points = (value: number) => `${(100 * value).toFixed(1)} points`;
const counted = (count: Count) => `${percent(share(count))} (${count.part} of ${count.whole})`;

interface Rate {
  /** What it is, for people: "server fallback rate". */
  what: string;
  /**
   * The canary's sample in independent units: a page's slots are rendered, and sent late,
   * together (one loaded moment made three of 42 renders late in issue 48), so the fallback
   * rate's sample is its pages, not its renders; the error rate's is its views.
   */
  sample: number;
  /** What failing is, for the fast path: "server renders fell back". */
  failing: string;
  canary: Count;
  stable: Count;
}

const ratesOf = (canary: ReleaseFigures, stable: ReleaseFigures): Rate[] => [
  {
    what: 'server fallback rate',
    sample: canary.pages,
    failing: 'server renders fell back',
    canary: { part: canary.fallbacks, whole: canary.renders },
    stable: { part: stable.fallbacks, whole: stable.renders },
  },
  {
    what: 'error rate',
    sample: canary.views,
    failing: 'verified views erred',
    canary: { part: canary.erred, whole: canary.views },
    stable: { part: stable.erred, whole: stable.views },
  },
];

const against = (rate: Rate) =>
  `its ${rate.what} is ${counted(rate.canary)} against the stable release's ${counted(rate.stable)}`;

/** The unambiguous: every canary render (or view) failing, while the stable release's mostly do not. */
function everyOneFailing(rate: Rate): string | undefined {
  const { canary, stable } = rate;
  const allFail =
    rate.sample >= FAST_PATH_MINIMUM &&
    canary.whole >= FAST_PATH_MINIMUM &&
    canary.part === canary.whole;
  if (!allFail || (stable.whole > 0 && share(stable) > 0.5)) return undefined;
  return `every one of its ${canary.whole} ${rate.failing}, against the stable release's ${counted(stable)}`;
}

/**
 * The verdict on a canary from its figures and the stable release's over the window so far:
 *
 * 1. The fast path, for the unambiguous only: every canary server render falling back, or every
 *    verified view of it erring, over at least `FAST_PATH_MINIMUM` pages (views), while the
 *    stable release's mostly do not, rolls it back at once.
 * 2. For each rate (server fallbacks per server render, the page servers' own evidence, which
 *    no browser can send; erred views per verified view, one view one vote), once the canary
 *    has the minimum sample (in pages for renders, in views for views): the canary shown worse than the stable release by more than the
 *    tolerance (the lower bound of the difference above it, at the confidence) rolls it back
 *    while the window runs — every view it keeps costs a customer.
 * 3. Otherwise it waits until the window is over, then is promoted only when both rates are
 *    shown no worse than the stable release's plus the tolerance (the upper bound within it),
 *    on at least `minViews` verified views and `minViews` pages the page servers sent with it.
 *    Not shown sound — too little evidence — rolls it back, saying how much there was.
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
  const rates = ratesOf(canary, stable);
  for (const rate of rates) {
    const failing = everyOneFailing(rate);
    if (failing) return { kind: 'roll back', why: failing };
  }

  const at = `at ${percent(policy.confidence)} confidence (${TEST})`;
  const minimum = Math.max(FAST_PATH_MINIMUM, Math.ceil(policy.minViews / 4));
  const differences = new Map<Rate, Difference>(
    rates.map((rate) => [rate, rateDifference(rate.canary, rate.stable, policy.confidence)]),
  );
  for (const [rate, difference] of differences) {
    if (rate.sample >= minimum && difference.lower > policy.tolerance) {
      return {
        kind: 'roll back',
        why: `${against(rate)}: worse by more than ${points(policy.tolerance)} ${at}, by at least ${points(difference.lower)}`,
      };
    }
  }

  const evidence = `${canary.pages} pages sent with it, ${canary.views} verified page views and ${canary.renders} server renders of it`;
  if (!windowOver) {
    return { kind: 'wait', why: `${evidence} so far; nothing shown worse ${at}` };
  }
  if (canary.views < policy.minViews) {
    return {
      kind: 'roll back',
      why: `not shown sound: only ${canary.views} verified page views showed it in the window (at least ${policy.minViews} are needed to promote)`,
    };
  }
  if (canary.pages < policy.minViews) {
    return {
      kind: 'roll back',
      why: `not shown sound: the page servers sent only ${canary.pages} pages with it in the window (at least ${policy.minViews} are needed to promote)`,
    };
  }
  // A slice the page servers render none of (no server renders at all) has no fallback rate.
  const judged = [...differences].filter(
    ([rate]) => rate.canary.whole > 0 || rate.stable.whole > 0,
  );
  const unshown = judged.find(([, difference]) => difference.upper > policy.tolerance);
  if (unshown) {
    const [rate, difference] = unshown;
    return {
      kind: 'roll back',
      why: `not shown sound: ${against(rate)}, and could be up to ${points(difference.upper)} worse ${at}, beyond the ${points(policy.tolerance)} allowed; ${evidence} were not enough evidence`,
    };
  }
  const held = judged
    .map(([rate]) => `${rate.what} ${counted(rate.canary)} against ${counted(rate.stable)}`)
    .join(', ');
  return {
    kind: 'promote',
    why: `over ${canary.views} page views and ${canary.renders} server renders it is shown no worse than the stable release by ${points(policy.tolerance)} ${at}: ${held}; on ${canary.pages} pages the page servers sent with it`,
  };
}
