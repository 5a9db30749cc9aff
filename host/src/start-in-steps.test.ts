import { inSteps } from './start-in-steps';

describe('the page’s start in steps', () => {
  it('runs the steps in order, each in a task of its own: what the browser queued runs between', async () => {
    const seen: string[] = [];
    await inSteps([
      async () => {
        seen.push('first step');
        // Work the browser queued meanwhile (an input's handler, say).
        setTimeout(() => seen.push('queued work'), 0);
      },
      async () => {
        seen.push('second step');
      },
    ]);
    expect(seen).toEqual(['first step', 'queued work', 'second step']);
  });

  it('stops at a step that fails, and says so', async () => {
    const after = vi.fn();
    await expect(
      inSteps([() => Promise.reject(new Error('a module failed')), after]),
    ).rejects.toThrow('a module failed');
    expect(after).not.toHaveBeenCalled();
  });
});
