import type { RolloutFiles } from '../rollout-files';

/** Files in memory, for the rollout's tests: `files` is what a deployment would hold on disk. */
export function memoryFiles(initial: Record<string, string> = {}) {
  const files = new Map(Object.entries(initial));
  const store: RolloutFiles = {
    read: (file) => files.get(file),
    write: (file, text) => {
      files.set(file, text);
    },
    rename: (from, to) => {
      const text = files.get(from);
      if (text === undefined) throw new Error(`ENOENT: ${from}`);
      files.set(to, text);
      files.delete(from);
    },
  };
  return { ...store, files };
}
