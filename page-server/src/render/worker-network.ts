import { canonicalTarget, isUnder } from '../http/canonical-path';
import { underRelease } from './compose-page';
import type { PoolWorker } from './pool-worker';
import type { WorkerRequest } from './render-protocol';

/*
 * A render worker's network (decision 032, issue 56 row 5). A worker has none: Node 26's
 * permission model refuses its every socket, so a slice's code cannot reach the machine's
 * loopback services (a development provider's outbox, the metrics port) or anything else. What
 * rendering needs of the network, the page server fetches for it, and only that: a visitor's
 * public reads of the provider's API, without a session, and the files of the worker's own
 * remote's release, from under a release folder the page server named to that worker.
 */

/** A worker's fetches under way at most: a render needs a handful, a release two files. */
const MAX_UNDER_WAY = 32;
/** The largest release file the page server fetches for a worker (a server bundle is ~1 MB). */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** The release folders a worker is remembered to have been named (a stable and a canary, rolled). */
const MAX_FOLDERS = 8;
/** The refusals logged per worker: a worker that keeps asking does not fill the log. */
const MAX_REFUSALS_LOGGED = 16;
/** How long a fetch for a worker may take: as long as the worker's own fetches were given. */
const FETCH_TIMEOUT_MS = 2_000;

export type PublicAnswer = { status: number; data: unknown };
export type FileAnswer = { status: number; body: string };

export class WorkerNetwork {
  private readonly folders = new WeakMap<PoolWorker, string[]>();
  private readonly underWay = new WeakMap<PoolWorker, number>();
  private readonly refusals = new WeakMap<PoolWorker, number>();

  constructor(
    private readonly options: {
      /** The provider's base address (the page server's own upstream). */
      apiUpstream: string;
      onError: (error: Error) => void;
    },
  ) {}

  /** A question is sent to `worker`: the release folder its configuration names for its remote. */
  asked(worker: PoolWorker, request: WorkerRequest): void {
    const config = request.config as { remotes?: { name: string; manifestUrl: string }[] };
    const own = config.remotes?.find((remote) => remote.name === worker.tenant);
    if (!own) return;
    const folders = this.folders.get(worker) ?? [];
    if (folders.includes(own.manifestUrl)) return;
    // The newest last; the oldest forgotten (a release rolled away long ago is not fetched again).
    this.folders.set(worker, [...folders, own.manifestUrl].slice(-MAX_FOLDERS));
  }

  /** A visitor's read of the provider: only its API, never with a session. */
  publicRead(worker: PoolWorker, url: string): Promise<PublicAnswer> {
    const read = canonicalTarget(url);
    if (read.kind === 'refused' || !url.startsWith('/') || !isUnder(read.path, '/api/')) {
      return Promise.resolve(this.refuse(worker, `the provider's ${url.slice(0, 200)}`, 404));
    }
    return this.counted(worker, { status: 503, data: null }, async () => {
      // Joined as the worker's axios joined its base address and path: a base may have a path.
      const base = this.options.apiUpstream.replace(/\/+$/, '');
      const answer = await this.fetch(new URL(`${base}${read.target}`));
      const text = await answer.text();
      try {
        return { status: answer.status, data: text ? JSON.parse(text) : null };
      } catch {
        return { status: 502, data: null };
      }
    }).catch(() => ({ status: 502, data: null }));
  }

  /** A file of the worker's own remote's release: only under a release folder named to it. */
  file(worker: PoolWorker, url: string): Promise<FileAnswer> {
    const folders = this.folders.get(worker) ?? [];
    if (!/^https?:/.test(url) || !folders.some((manifest) => underRelease(url, manifest))) {
      return Promise.resolve({ ...this.refuse(worker, url.slice(0, 200), 404), body: '' });
    }
    return this.counted(worker, { status: 503, body: '' }, async () => {
      const answer = await this.fetch(new URL(url));
      const bytes = Buffer.from(await answer.arrayBuffer());
      if (bytes.length > MAX_FILE_BYTES) return { status: 502, body: '' };
      return { status: answer.status, body: bytes.toString('base64') };
    }).catch(() => ({ status: 502, body: '' }));
  }

  private fetch(url: URL): Promise<Response> {
    // A redirect would lead out of what was checked: it is the answer, not followed.
    return fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  }

  /** `work`, unless the worker has too many fetches under way (then `busy`). */
  private async counted<T>(worker: PoolWorker, busy: T, work: () => Promise<T>): Promise<T> {
    const underWay = this.underWay.get(worker) ?? 0;
    if (underWay >= MAX_UNDER_WAY) return busy;
    this.underWay.set(worker, underWay + 1);
    try {
      return await work();
    } finally {
      this.underWay.set(worker, (this.underWay.get(worker) ?? 1) - 1);
    }
  }

  private refuse(worker: PoolWorker, what: string, status: number): PublicAnswer {
    const refusals = (this.refusals.get(worker) ?? 0) + 1;
    this.refusals.set(worker, refusals);
    if (refusals <= MAX_REFUSALS_LOGGED) {
      this.options.onError(
        new Error(
          `${worker.tenant} asked the page server to fetch ${what}, which is not its to fetch: refused`,
        ),
      );
    }
    return { status, data: null };
  }
}
