import { normalQuantile, rateDifference, wilson } from './rate-difference';

describe('the difference of two rates, with the bounds the evidence allows', () => {
  it("gives Newcombe's own worked example (1998, method 10): 56/70 − 48/80 in 0.0524 to 0.3339", () => {
    // His intervals are two-sided at 95%: each bound one-sided at 97.5%.
    const difference = rateDifference({ part: 56, whole: 70 }, { part: 48, whole: 80 }, 0.975);
    expect(difference.observed).toBeCloseTo(0.2, 10);
    expect(difference.lower).toBeCloseTo(0.0524, 4);
    expect(difference.upper).toBeCloseTo(0.3339, 4);
  });

  it("gives Wilson's interval, which is not certain of a rate of nothing seen", () => {
    const [lower, upper] = wilson({ part: 0, whole: 20 }, normalQuantile(0.975));
    expect(lower).toBe(0);
    expect(upper).toBeCloseTo(0.1611, 4);
    expect(wilson({ part: 0, whole: 0 }, 1.96)).toEqual([0, 1]);
  });

  it('knows the z of the usual confidences', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.95)).toBeCloseTo(1.644854, 6);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 6);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});
