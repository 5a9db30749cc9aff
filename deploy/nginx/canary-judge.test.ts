import { judgeCanary } from './canary-judge';
import type { ReleaseFigures } from './release-metrics';

const figures = (views: number, errors: number, renders = 0, fallbacks = 0): ReleaseFigures => ({
  release: 'x',
  views,
  errors,
  renders,
  fallbacks,
});

describe('a canary judged against the stable release', () => {
  it('is rolled back as soon as its error rate is worse beyond the tolerance, before the window ends', () => {
    const verdict = judgeCanary(figures(6, 6), figures(60, 0), false);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toBe("its error rate is 100.0% against the stable release's 0.0%");
  });

  it('waits while too few views could be luck', () => {
    expect(judgeCanary(figures(2, 1), figures(60, 0), false).kind).toBe('wait');
  });

  it('is rolled back when its slots fall back on the server more than the stable ones', () => {
    const verdict = judgeCanary(figures(30, 0, 30, 10), figures(300, 0, 300, 3), false);
    expect(verdict).toEqual({
      kind: 'roll back',
      why: "its server fallback rate is 33.3% against the stable release's 1.0%",
    });
  });

  it('is promoted once the window is over with enough views and rates that held', () => {
    const verdict = judgeCanary(figures(25, 0, 25, 0), figures(200, 1, 200, 0), true);
    expect(verdict.kind).toBe('promote');
    expect(verdict.why).toMatch(/^over 25 page views its error rate \(0\.0%\)/);
  });

  it('tolerates a rate a little above the stable one', () => {
    expect(judgeCanary(figures(100, 2), figures(100, 1), true).kind).toBe('promote');
  });

  it('is rolled back when the window ends without enough views to judge it', () => {
    const verdict = judgeCanary(figures(3, 0), figures(30, 0), true);
    expect(verdict.kind).toBe('roll back');
    expect(verdict.why).toMatch(/only 3 page views/);
  });

  it('keeps waiting with nothing worse before the window ends', () => {
    expect(judgeCanary(figures(50, 0), figures(400, 0), false).kind).toBe('wait');
  });
});
