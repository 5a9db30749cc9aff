import type { RemoteModule } from 'host/render-entry';
import { prepareAccount, renderShell, renderSlots, type ServerSlotModule } from 'host/render-page';
import type { RemoteModuleId } from 'release-contract/remotes';
import { PageComposer, type PageParts } from '../page-composer';
import type { PageRenderer } from '../page-renderer';
import { slotToken } from '../render-protocol';

/**
 * A page's parts rendered in the test's own process, as the workers render them (the same
 * functions of the render bundle), so a test sees what the page server puts together. A read of
 * the provider goes through `reads` as the page server's would.
 */
export function inProcessParts(
  loadSlot: <Id extends RemoteModuleId>(id: Id) => Promise<ServerSlotModule<Id>>,
  onError: (error: unknown) => void = () => {},
): PageParts {
  const reading =
    (
      fetch: (url: string) => Promise<{ status: number; data: unknown }>,
      reads: ReadonlySet<string>,
    ) =>
    (url: string) => {
      const path = new URL(url, 'http://provider.invalid').pathname;
      return reads.has(path) ? fetch(url) : Promise.resolve({ status: 403, data: null });
    };
  return {
    async account(request, fetch, reads) {
      const answer = await prepareAccount({
        config: request.config as never,
        customerFetch: reading(fetch, reads),
        deadline: request.deadline,
      });
      return { type: 'account', id: 0, ...answer };
    },
    async slots(_remote, _release, request, slots, options) {
      const reads = new Set(slots.flatMap((slot) => options.reads(slot)));
      return renderSlots({
        url: request.url,
        audience: request.audience,
        config: request.config as never,
        slots,
        account: request.account,
        loadSlot,
        ...(options.fetch ? { customerFetch: reading(options.fetch, reads) } : {}),
        deadline: request.deadline,
        seam: 'test',
        onError,
      });
    },
    shell(request) {
      return renderShell({
        url: request.url,
        audience: request.audience,
        config: request.config as never,
        account: request.account,
        ready: request.ready as RemoteModuleId[],
        token: (index) => slotToken(request.nonce, index),
        deadline: request.deadline,
        onError,
      });
    },
  };
}

/**
 * The page server's renderer with its parts rendered in this process (inProcessParts): each
 * slot's module from `modules`, as the release `release` has it.
 */
export function inProcessRenderer(
  modules: Partial<Record<RemoteModuleId, RemoteModule>>,
  release: string,
): PageRenderer {
  const loadSlot = async <Id extends RemoteModuleId>(id: Id): Promise<ServerSlotModule<Id>> => {
    const module = modules[id];
    if (!module) throw new Error(`${id} is not in this release`);
    return { module: module as ServerSlotModule<Id>['module'], release };
  };
  const composer = new PageComposer(inProcessParts(loadSlot), {
    budgetMs: 2_000,
    onError: () => {},
  });
  return {
    render: (url, config, audience, fetch) => composer.render(url, config, audience, fetch),
    memory: async () => [],
    ready: async () => {},
    close: async () => {},
  };
}
