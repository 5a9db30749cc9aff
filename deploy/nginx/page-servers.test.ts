import { restartDelayMs } from './page-servers';

describe('a page server that stops', () => {
  it('is started again after a second the first time', () => {
    expect(restartDelayMs(1)).toBe(1_000);
  });

  it('waits twice as long each time it stops again soon after starting, at most 30 s', () => {
    expect([2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
