import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The few file operations a rollout's records need, injected so the state machine runs over a
 * folder on disk in a deployment and over memory in its tests.
 */
export interface RolloutFiles {
  /** The file's text, or undefined when there is none. */
  read(file: string): string | undefined;
  /** Writes the file whole, its folder made first. */
  write(file: string, text: string): void;
  /** Moves a file into place at once: a reader sees the old content or the new, never half. */
  rename(from: string, to: string): void;
}

export const nodeFiles: RolloutFiles = {
  read: (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined),
  write: (file, text) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  },
  rename: (from, to) => renameSync(from, to),
};
