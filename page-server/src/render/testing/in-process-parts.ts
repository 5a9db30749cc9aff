import type { RemoteModuleId } from 'tooling/remotes';
import type { PageParts } from '../page-composer';
import { prepareAccount, renderShell, renderSlots, type ServerSlotModule } from '../render-page';
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
