// @vitest-environment node
import { DEFAULT_MEMORY_CAP_MB, judgeMemory, memoryCapMb, residentMb } from './worker-memory';

describe('a render worker’s memory cap', () => {
  it('is RENDER_WORKER_MEMORY_MB, else 512 MB; a value that is no size stops the start', () => {
    expect(memoryCapMb({})).toBe(DEFAULT_MEMORY_CAP_MB);
    expect(memoryCapMb({ RENDER_WORKER_MEMORY_MB: ' 256 ' })).toBe(256);
    for (const raw of ['512MB', '0', '-1', 'lots']) {
      expect(() => memoryCapMb({ RENDER_WORKER_MEMORY_MB: raw })).toThrow(
        `RENDER_WORKER_MEMORY_MB must be a positive number of MB, got "${raw}"`,
      );
    }
  });

  it('is judged from the process’s resident size: this one is over 1 MB and under 1 TB', () => {
    expect(judgeMemory(residentMb(process.pid), 1)).toMatch(
      /^its resident memory reached \d+ MB, over its 1 MB cap$/,
    );
    expect(judgeMemory(residentMb(process.pid), 1024 * 1024)).toBeUndefined();
    // A process that is gone is nobody's to judge.
    expect(judgeMemory(undefined, 1)).toBeUndefined();
  });
});
