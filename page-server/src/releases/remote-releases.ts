import vm from 'node:vm';
import { integrityOf } from 'release-contract/release-integrity';
import * as z from 'shared/validation/zod';

/*
 * The slices' server code, from each remote's current release (decision 020). A remote's
 * federation manifest names its server bundle (`metaData.ssrRemoteEntry`); the bundle is one
 * CommonJS file whose shared singletons are the host's (a module of `shared` the host does not
 * share, the bundle's own copy: tooling/rspack/host-or-own). The manifest is read again at most
 * once a `revalidateMs`, so a remote deployed alone is rendered by the next pages without a
 * restart, and a release that is replaced is dropped whole: its code was evaluated outside
 * Node's module cache, so nothing keeps it once no render holds it (upstream's reload keeps
 * every old module graph, module-federation/core #4566, #5031). Neither the manifest nor the
 * bundle is taken on its word: each is read only when its bytes are the ones the rollout
 * registered (decision 025; the manifest since issue 45, as it names the code to run).
 */

const manifestSchema = z.object({
  metaData: z.object({
    ssrRemoteEntry: z.optional(z.object({ name: z.string(), path: z.string() })),
  }),
  exposes: z.array(
    z.object({
      name: z.string(),
      assets: z.object({ css: z.object({ sync: z.array(z.string()) }) }),
    }),
  ),
});

/** What one release of a remote offers the server. */
export interface RemoteRelease {
  /** Its server bundle's name (content-hashed): the release's identity. */
  id: string;
  /** Each exposed module, by name (`LoanCalculator`), evaluated when first asked for. */
  modules: Record<string, () => Promise<unknown>>;
  /** The style sheets each exposed module needs, as absolute addresses. */
  styles: Record<string, string[]>;
}

export interface RemoteReleasesOptions {
  /** The shared singletons a slice's bundle `require`s: the host's own copies. */
  sharedScope: Record<string, () => unknown>;
  /** How long a manifest read stands before the next render reads it again. */
  revalidateMs?: number;
  /** How long a manifest or a bundle may take to arrive. */
  fetchTimeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * Whether a remote without pins may be evaluated at all (development only: in production
   * every release is registered by a rollout, decision 025).
   */
  unpinned?: 'evaluate' | 'refuse';
  /** Told of a release the server refuses to run (its bytes are not the ones registered). */
  onRefused?: (error: Error, remote: string, release: string) => void;
  /**
   * Whether a release may be evaluated here: not one that stopped a render worker, and a new
   * one only after its first run in one worker (render-pool).
   */
  mayEvaluate?: (remote: string, release: string) => Promise<boolean>;
  /** Told when a release's code begins and ends being evaluated (render-pool's watchdog). */
  onEvaluate?: (remote: string, release: string, phase: 'enter' | 'leave') => void;
}

/** A remote as the runtime configuration names it: where, and which release (decision 025). */
export interface ConfiguredRemote {
  name: string;
  manifestUrl: string;
  integrity?: { entry: string; server?: string; manifest?: string };
}

/** What identifies a rollout of a remote: a new one is taken up at once. */
const rolloutOf = (remote: ConfiguredRemote) =>
  `${remote.manifestUrl} ${remote.integrity?.server} ${remote.integrity?.manifest}`;

interface Known {
  rollout: string;
  checkedAt: number;
  /** The release in use, or undefined when the remote has none the server can render. */
  release: Promise<RemoteRelease | undefined>;
  /** A reading of the manifest under way, off any page's path. */
  next?: Promise<void>;
}

/** The current server-renderable release of each remote, as its manifest names it. */
export class RemoteReleases {
  private readonly known = new Map<string, Known>();
  private readonly revalidateMs: number;
  private readonly fetchTimeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: RemoteReleasesOptions) {
    this.revalidateMs = options.revalidateMs ?? 1000;
    this.fetchTimeoutMs = options.fetchTimeoutMs ?? 2000;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /**
   * The remote's current release (undefined: unreachable, or a release without server code).
   * Rejects nothing: a remote the server cannot render is the browser's to render. Once a
   * remote has a release, a page never waits for its manifest: the manifest is read again in
   * the background (issue 28), and a new release is fetched, checked and evaluated there.
   */
  current(remote: ConfiguredRemote): Promise<RemoteRelease | undefined> {
    const known = this.known.get(remote.name);
    const now = Date.now();
    const rollout = rolloutOf(remote);
    if (!known || known.rollout !== rollout) {
      // Nothing to render with yet, or a rollout named another release: this one waits, so a
      // page never shows a release other than the one its configuration names.
      const release = this.revalidate(remote, undefined);
      this.known.set(remote.name, { rollout, checkedAt: now, release });
      return release;
    }
    if (!known.next && now - known.checkedAt >= this.revalidateMs) {
      known.checkedAt = now;
      const previous = known.release;
      known.next = this.revalidate(remote, previous).then((release) => {
        if (this.known.get(remote.name) === known) known.release = Promise.resolve(release);
        known.next = undefined;
      });
    }
    return known.release;
  }

  /** Once every reading of a manifest under way has ended (tests, a server stopping). */
  async settled(): Promise<void> {
    await Promise.all([...this.known.values()].map((known) => known.next));
  }

  private async revalidate(
    remote: ConfiguredRemote,
    previous: Promise<RemoteRelease | undefined> | undefined,
  ): Promise<RemoteRelease | undefined> {
    const { manifestUrl } = remote;
    const manifestPin = remote.integrity?.manifest;
    if (!manifestPin && this.options.unpinned === 'refuse') {
      this.refuse(remote, manifestUrl, 'no manifest was registered for it');
      return undefined;
    }
    let manifestBytes: Uint8Array;
    try {
      manifestBytes = await this.get(manifestUrl);
    } catch {
      // Unreadable for now (the remote's origin restarting, a slow answer): the release in
      // use stays in use.
      return previous;
    }
    // The manifest names the code to run: one changed after its rollout names none (issue 45).
    const manifestDigest = manifestPin && integrityOf(manifestBytes);
    if (manifestDigest !== manifestPin) {
      const why = `its manifest's digest is ${manifestDigest}, the rollout's ${manifestPin}`;
      this.refuse(remote, manifestUrl, why);
      return undefined;
    }
    let manifest: z.infer<typeof manifestSchema>;
    try {
      manifest = manifestSchema.parse(JSON.parse(new TextDecoder().decode(manifestBytes)));
    } catch {
      return previous;
    }
    const entry = manifest.metaData.ssrRemoteEntry;
    if (!entry) return undefined;
    const id = `${entry.path}/${entry.name}`;
    const before = await previous;
    if (before?.id === id) return before;
    const entryUrl = new URL(`${entry.path}/${entry.name}`, manifestUrl);
    // Code comes only from where the configuration's manifest is.
    if (entryUrl.origin !== new URL(manifestUrl).origin) return undefined;
    const pin = remote.integrity?.server;
    if (!pin && (remote.integrity || this.options.unpinned === 'refuse')) {
      this.refuse(remote, id, 'no server bundle was registered for it');
      return undefined;
    }
    try {
      const bytes = await this.get(entryUrl.href);
      // Not a byte is evaluated unless it is the release a rollout registered.
      if (pin && integrityOf(bytes) !== pin) {
        this.refuse(remote, id, `its digest is ${integrityOf(bytes)}, the rollout's ${pin}`);
        return undefined;
      }
      const source = new TextDecoder().decode(bytes);
      const styles = Object.fromEntries(
        manifest.exposes.map((expose) => [
          expose.name,
          expose.assets.css.sync.map((file) => new URL(file, manifestUrl).href),
        ]),
      );
      if (this.options.mayEvaluate && !(await this.options.mayEvaluate(remote.name, id))) {
        this.refuse(remote, id, 'it stopped a render worker');
        return undefined;
      }
      this.options.onEvaluate?.(remote.name, id, 'enter');
      try {
        const modules = this.evaluate(source, entryUrl.href);
        // Each exposed module runs here, not inside the first page that asks for it.
        await Promise.allSettled(Object.values(modules).map((load) => load()));
        return { id, modules, styles };
      } finally {
        this.options.onEvaluate?.(remote.name, id, 'leave');
      }
    } catch {
      return undefined;
    }
  }

  private refuse(remote: ConfiguredRemote, release: string, why: string): void {
    this.options.onRefused?.(
      new Error(
        `${remote.name}: release ${release} is not run on the server (${why}); its slots are left to the browser`,
      ),
      remote.name,
      release,
    );
  }

  /** A file's bytes, as they are hashed: a manifest and a bundle are both checked by them. */
  private async get(url: string): Promise<Uint8Array> {
    const response = await this.fetch(url, {
      signal: AbortSignal.timeout(this.fetchTimeoutMs),
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  /** Runs a release's bundle with the host's singletons as its only `require`. */
  private evaluate(source: string, filename: string): RemoteRelease['modules'] {
    const wrapper = vm.runInThisContext(`(function (exports, require, module) {${source}\n})`, {
      filename,
    }) as (
      exports: object,
      require: (name: string) => unknown,
      module: { exports: object },
    ) => void;
    const module: { exports: { modules?: RemoteRelease['modules'] } } = { exports: {} };
    const scope = this.options.sharedScope;
    wrapper(
      module.exports,
      (name) => {
        const provide = Object.hasOwn(scope, name) ? scope[name] : undefined;
        if (!provide)
          throw new Error(`${filename} requires ${name}, which the host does not share`);
        return provide();
      },
      module,
    );
    if (!module.exports.modules) throw new Error(`${filename} exports no modules`);
    return failingForGood(module.exports.modules);
  }
}

/**
 * The bundle's loaders, each failing for good once it failed, with its first error: a module
 * whose first run threw (a name the host refused it) is left half-run in the bundle, and handed
 * out again it failed inside a render, naming nothing ("Cannot access 'X' before
 * initialization"). Every loader first runs when the release is evaluated.
 */
function failingForGood(modules: RemoteRelease['modules']): RemoteRelease['modules'] {
  return Object.fromEntries(
    Object.entries(modules).map(([name, load]) => {
      let failed: { error: unknown } | undefined;
      const loadOnce = async () => {
        if (failed) throw failed.error;
        try {
          return await load();
        } catch (error) {
          failed = { error };
          throw error;
        }
      };
      return [name, loadOnce];
    }),
  );
}
