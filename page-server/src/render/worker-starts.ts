import type { ServerRenderHealth } from '../telemetry/page-server-health';

/*
 * Whether this runtime can start a render worker at all. A worker that crashes after it was
 * ready is replaced, every time: its code or its page did it. But workers that never get ready,
 * one after another, before any ever did, say that the runtime cannot run them (a Node without
 * the permission model: `node: bad option: --permission`; a Node before 25, whose permission
 * model leaves the network open: the worker refuses to start); replacing them would only fill the
 * log. The pool then stops trying, says so once, and the pages are the browser's to render.
 */

/** Workers that failed to start in a row, none ever ready, after which the pool stops trying. */
export const START_FAILURES_BEFORE_GIVING_UP = 3;

/** What the pool does about a worker that stopped before it was ready. */
export type StartFailure =
  /** Replace it and say so (workers have started here before: this one's start failed). */
  | 'replace'
  /** Replace it quietly: no worker has started yet, and the runtime is not yet judged. */
  | 'retry'
  /** This was the last try: say once that the runtime cannot run workers, and start none. */
  | 'give up'
  /** Already given up: nothing to say, nothing to start. */
  | 'given up';

export class WorkerStarts {
  private everReady = false;
  private failures = 0;
  private lastWhy = '';
  private unavailable: string | undefined;

  /** A worker got ready: the runtime runs them. Returns the failed starts it had hidden, if any. */
  ready(): { failures: number; why: string } | undefined {
    const hidden =
      !this.everReady && this.failures > 0
        ? { failures: this.failures, why: this.lastWhy }
        : undefined;
    this.everReady = true;
    this.failures = 0;
    return hidden;
  }

  /** A worker stopped before it was ready, for `why`. */
  failed(why: string): StartFailure {
    if (this.unavailable !== undefined) return 'given up';
    if (this.everReady) return 'replace';
    this.failures += 1;
    this.lastWhy = why;
    if (this.failures < START_FAILURES_BEFORE_GIVING_UP) return 'retry';
    this.unavailable = why;
    return 'give up';
  }

  /** Whether the pool has stopped starting workers. */
  get givenUp(): boolean {
    return this.unavailable !== undefined;
  }

  health(): ServerRenderHealth {
    if (this.unavailable !== undefined) return { state: 'unavailable', why: this.unavailable };
    return { state: this.everReady ? 'running' : 'starting' };
  }
}

/** The one line a page server says when its runtime cannot start render workers. */
export function unavailableMessage(why: string): string {
  return (
    `server render is off: ${START_FAILURES_BEFORE_GIVING_UP} render workers in a row could not start on Node ${process.versions.node} ` +
    `(${why}); no more are started, and every page is sent for the browser to render. ` +
    'The workers need Node 26 (its permission model, which also closes the network): run the page server with the Node the workspace brings (pnpm scripts do)'
  );
}
