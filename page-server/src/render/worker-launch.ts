import { realpathSync } from 'node:fs';
import type { RenderPoolOptions } from './render-pool-options';
import { type RenderServiceAddress, renderServiceAddresses } from './render-service-address';
import { type MemoryCgroups, memoryCgroups } from './worker-cgroup';
import {
  localWorker,
  serviceWorker,
  type WorkerChannel,
  type WorkerEvents,
} from './worker-channel';
import { memoryCapMb } from './worker-memory';
import {
  type StagedFiles,
  stageWorkerFiles,
  type WorkerIdentity,
  workerIdentities,
} from './worker-user';

/*
 * Where and how a tenant's worker starts (decisions 032, 041): a child of this process, staged,
 * as its tenant's user, in a memory cgroup of its own where the machine allows — or a
 * connection to its slice's render service. What the machine does not allow is said once.
 */

export class WorkerLauncher {
  private readonly staged: StagedFiles;
  private readonly identities: ReadonlyMap<string, WorkerIdentity>;
  private readonly cgroups: MemoryCgroups | undefined;
  private readonly services: ReadonlyMap<string, RenderServiceAddress>;
  /** A worker's memory cap (MB): its resident size, which the heap limit does not bound. */
  private readonly memoryMb: number;

  constructor(
    private readonly options: RenderPoolOptions,
    tenants: readonly string[],
  ) {
    this.services = options.services ?? renderServiceAddresses(options.env);
    // The permission model reads real paths: a link would be refused as another file.
    this.staged = stageWorkerFiles({
      worker: realpathSync(options.worker),
      bundle: realpathSync(options.bundle),
    });
    this.memoryMb = memoryCapMb(options.env);
    this.cgroups = this.memoryCgroups();
    this.identities = options.identity === undefined ? this.users(tenants) : new Map();
  }

  /** Whether the tenant's workers are its render service's. */
  inService(tenant: string): boolean {
    return this.services.has(tenant);
  }

  launch(tenant: string, events: WorkerEvents): WorkerChannel {
    const { options } = this;
    const init = {
      bundle: this.staged.bundle,
      apiUpstream: options.apiUpstream,
      unpinned: options.unpinned,
      tenant,
      ...(options.revalidateMs !== undefined ? { revalidateMs: options.revalidateMs } : {}),
    };
    const heapMb = options.heapMb ?? 256;
    const exposeGc = options.exposeGc ?? false;
    const service = this.services.get(tenant);
    if (service) {
      return serviceWorker(service, { init, heapMb, exposeGc, memoryCapMb: this.memoryMb }, events);
    }
    return localWorker(
      {
        staged: this.staged,
        init,
        env: options.env,
        identity: this.identities.get(tenant),
        heapMb,
        exposeGc,
        memoryCapMb: this.memoryMb,
        ...(this.cgroups ? { cgroup: this.cgroups.forWorker(this.memoryMb) } : {}),
      },
      events,
    );
  }

  /** Once every worker has ended. */
  remove(): void {
    this.cgroups?.remove();
    this.staged.remove();
  }

  /** The workers' memory cgroups, where this process may make them; where not, said once. */
  private memoryCgroups(): MemoryCgroups | undefined {
    if (this.options.memoryCgroups === false || process.platform !== 'linux') return undefined;
    const cgroups = memoryCgroups();
    if ('why' in cgroups) {
      this.options.onError(
        new Error(
          `render workers' memory is capped by the page server's watchdog, not the kernel: ${cgroups.why}`,
        ),
      );
      return undefined;
    }
    return cgroups;
  }

  /** Each tenant's user (worker-user); where they are not apart, said once. */
  private users(tenants: readonly string[]): ReadonlyMap<string, WorkerIdentity> {
    const { identities, why } = workerIdentities(this.options.env, tenants);
    if (identities.size === 0) {
      this.options.onError(
        new Error(
          `render workers run as the page server's own user (${why}): a worker's code could signal it; run it as root, or with CAP_SETUID and CAP_SETGID (decision 032)`,
        ),
      );
    } else if (why) {
      this.options.onError(
        new Error(`render workers are not apart from one another: ${why} (decision 032)`),
      );
    }
    return identities;
  }
}
