/*
 * The difference of two rates (a canary's and the stable release's), with the interval the
 * evidence allows. Newcombe's hybrid score interval (his method 10, 1998), built from each
 * rate's Wilson score interval: closed form, and sound where a canary's figures are — a few
 * dozen counts, rates at or near 0 — where the textbook (Wald) interval claims certainty it
 * does not have (0 of 20 is "exactly 0 ± 0"). Its bounds are used one-sided, each at the stated
 * confidence: the lower bound to show a canary worse, the upper bound to show it no worse.
 */

/** `part` of `whole`: failed renders of renders, erred views of views. */
export interface Count {
  part: number;
  whole: number;
}

export const share = ({ part, whole }: Count) => (whole === 0 ? 0 : part / whole);

/**
 * The standard normal quantile (the z of a one-sided `confidence`), by Acklam's rational
 * approximation: relative error under 1.2e-9, far below what a verdict needs.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`a probability between 0 and 1, not ${p}`);
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972,
    -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
    4.374664141464968, 2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const poly = (coefficients: number[], x: number) =>
    coefficients.reduce((sum, coefficient) => sum * x + coefficient, 0);
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

/** Wilson's score interval of one rate at `z`; [0, 1] without evidence. */
export function wilson({ part, whole }: Count, z: number): [number, number] {
  if (whole === 0) return [0, 1];
  const p = part / whole;
  const z2 = z * z;
  const centre = (p + z2 / (2 * whole)) / (1 + z2 / whole);
  const half = (z * Math.sqrt((p * (1 - p)) / whole + z2 / (4 * whole * whole))) / (1 + z2 / whole);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export interface Difference {
  /** The observed difference, canary − stable. */
  observed: number;
  /** Bounds of the difference, each holding one-sided at the confidence asked. */
  lower: number;
  upper: number;
}

/** canary − stable with Newcombe's hybrid score bounds, each one-sided at `confidence`. */
export function rateDifference(canary: Count, stable: Count, confidence: number): Difference {
  const z = normalQuantile(confidence);
  const p1 = share(canary);
  const p2 = share(stable);
  const [l1, u1] = wilson(canary, z);
  const [l2, u2] = wilson(stable, z);
  const observed = p1 - p2;
  return {
    observed,
    lower: observed - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
    upper: observed + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
  };
}
