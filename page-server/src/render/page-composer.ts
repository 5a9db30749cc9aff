import { randomBytes } from 'node:crypto';
import type { CustomerFetch } from 'host/render-entry';
import { middlewareOutcome } from 'release-contract/middleware-rules';
import { PAGE_SLOTS, type SlotPage } from 'release-contract/page-slots';
import type { Audience, PageState } from 'release-contract/page-state';
import { type RemoteModuleId, remoteNameOf } from 'release-contract/remotes';
import { routeOf } from 'release-contract/routes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { composePage, type ReadySlot } from './compose-page';
import { readsOncePerPage } from './page-reads';
import type { RenderPool } from './render-pool';
import type { Dehydrated, SlotResult } from './render-protocol';
import { checkSlotMarkup } from './slot-markup';
import { ACCOUNT_READS, slotReads } from './slot-reads';

/*
 * How the page server has a page rendered (decisions 020, 032): it decides the page itself —
 * its route, a redirect, which slots come from the server — and asks each worker only its part:
 * the host's the customer's account and the page around the slots, each slice's its own slots.
 * What comes back is checked against what was asked, and put together here.
 */

/**
 * What became of a slot the page wanted from the server (the page server's metrics, decision
 * 029), as the page server saw it: rendered, late for the page's deadline, failed (its code or
 * answers), or the browser's by design; and how long it took.
 */
export interface SlotOutcome {
  slot: RemoteModuleId;
  outcome: SlotResult['outcome'];
  ms: number;
}

export type ServerPage =
  | { kind: 'redirect'; status: number; location: string }
  /** A page the server does not render: the browser does (a customer's guarded route). */
  | { kind: 'browser' }
  | {
      kind: 'page';
      status: number;
      html: string;
      state: PageState;
      slots: RemoteModuleId[];
      outcomes: SlotOutcome[];
      /** Each server-rendered slot's style sheets, for the page's head. */
      styles: string[];
    };

/** How long the page around the slots may take once the slots are in (it waits for nothing). */
const SHELL_BUDGET_MS = 250;
/** The statuses a page can have: found, not found, a route's error. */
const PAGE_STATUSES = new Set([200, 404, 500]);
/** A release's name as the browser compares it (a server bundle's path). */
const RELEASE_NAME = /^[\w./-]{1,200}$/;

/** The release of a remote as the page server names it: where, and which bytes. */
export function releaseKey(remote: RuntimeConfig['remotes'][number]): string {
  return `${remote.manifestUrl}#${remote.integrity?.server ?? 'unpinned'}`;
}

/**
 * The route's own decision for a visitor (a guarded page sends them to log in): the host's
 * middleware rules, run here, so a redirect is never a worker's word.
 */
function redirectOf(middleware: readonly string[], url: string): ServerPage | undefined {
  const outcome = middlewareOutcome(middleware, new URL(url, 'http://page.invalid'), false);
  // A path of this site, never an address elsewhere.
  if (
    outcome.kind !== 'redirect' ||
    !outcome.location.startsWith('/') ||
    outcome.location.startsWith('//')
  ) {
    return undefined;
  }
  return { kind: 'redirect', status: 302, location: outcome.location };
}

/** The remotes with a slot the server renders on some page: the slices that get render workers. */
export function remotesRenderedOnServer(): string[] {
  const pages = Object.keys(PAGE_SLOTS) as SlotPage[];
  const slots = pages.flatMap((page) => [
    ...serverSlots(page, 'visitor'),
    ...serverSlots(page, 'customer'),
  ]);
  return [...new Set(slots.map(remoteNameOf))];
}

/** The page server's name of a release (releaseKey) back to its manifest's address. */
export const manifestOfKey = (key: string) => key.slice(0, key.lastIndexOf('#'));

/** The slots of the page the server renders for this audience (slot table, decision 020). */
function serverSlots(page: SlotPage | undefined, audience: Audience): RemoteModuleId[] {
  if (!page) return [];
  return PAGE_SLOTS[page][audience]
    .filter((slot) =>
      audience === 'customer' ? slot.withDataOnServer : !slot.when && !slot.browserOnly,
    )
    .map((slot) => slot.id);
}

/** Who renders a page's parts: the render workers (RenderPool), or a test in its own process. */
export type PageParts = Pick<RenderPool, 'account' | 'slots' | 'shell'>;

export class PageComposer {
  constructor(
    private readonly pool: PageParts,
    private readonly options: { budgetMs: number; onError: (error: unknown) => void },
  ) {}

  async render(
    url: string,
    config: RuntimeConfig,
    audience: Audience,
    customerFetch?: CustomerFetch,
  ): Promise<ServerPage> {
    // The page's parts share one answer per read: several show the same (page-reads).
    const fetch = customerFetch && readsOncePerPage(customerFetch);
    const pathname = url.split('?')[0] ?? '/';
    const route = routeOf(pathname);
    const middleware = route
      ? [...route.middleware, ...(config.routeMiddleware[route.path] ?? [])]
      : [];
    // A route's middleware decides by the session, which only the browser's auth store knows.
    if (audience === 'customer' && middleware.length > 0) return { kind: 'browser' };
    const redirect = redirectOf(middleware, url);
    if (redirect) return redirect;
    const deadline = Date.now() + this.options.budgetMs;
    const page = route && Object.hasOwn(PAGE_SLOTS, route.id) ? (route.id as SlotPage) : undefined;

    let account: Dehydrated | null = null;
    let wanted = serverSlots(page, audience);
    if (audience === 'customer') {
      account = fetch ? await this.account(config, deadline, fetch) : null;
      // Without their account the page is the shell and every slot's place: their data is the browser's.
      if (!account) wanted = [];
    }
    const { ready, outcomes } = await this.slots(
      url,
      config,
      audience,
      deadline,
      account,
      wanted,
      fetch,
    );

    const nonce = randomBytes(12).toString('hex');
    const shell = await this.pool.shell({
      type: 'shell',
      url,
      audience,
      config,
      deadline: Math.max(deadline, Date.now()) + SHELL_BUDGET_MS,
      account,
      ready: ready.map((slot) => slot.slot),
      nonce,
    });
    if (!shell || !PAGE_STATUSES.has(shell.status)) {
      throw new Error('the host’s render worker sent no page');
    }
    const remotes = new Map(config.remotes.map((remote) => [remote.name, remote.manifestUrl]));
    const composed = composePage({
      audience,
      shell,
      nonce,
      account,
      ready,
      manifestOf: (slot) => remotes.get(remoteNameOf(slot)),
    });
    return {
      kind: 'page',
      status: shell.status,
      ...composed,
      slots: ready.map((slot) => slot.slot),
      outcomes,
    };
  }

  private async account(
    config: RuntimeConfig,
    deadline: number,
    fetch: CustomerFetch,
  ): Promise<Dehydrated | null> {
    try {
      const answer = await this.pool.account(
        { type: 'account', config, deadline },
        fetch,
        ACCOUNT_READS,
      );
      return answer?.known ? answer.state : null;
    } catch (error) {
      this.options.onError(error);
      return null;
    }
  }

  /** Each slice's slots, from that slice's workers, at once; each slot's outcome as seen here. */
  private async slots(
    url: string,
    config: RuntimeConfig,
    audience: Audience,
    deadline: number,
    account: Dehydrated | null,
    wanted: readonly RemoteModuleId[],
    fetch: CustomerFetch | undefined,
  ): Promise<{ ready: ReadySlot[]; outcomes: SlotOutcome[] }> {
    const bySlice = new Map<string, RemoteModuleId[]>();
    for (const slot of wanted) {
      const slice = remoteNameOf(slot);
      bySlice.set(slice, [...(bySlice.get(slice) ?? []), slot]);
    }
    const started = Date.now();
    const answered = new Map<RemoteModuleId, { result: SlotResult; ms: number }>();
    await Promise.all(
      [...bySlice].map(async ([slice, slots]) => {
        const remote = config.remotes.find((candidate) => candidate.name === slice);
        const results: SlotResult[] = remote
          ? await this.pool.slots(
              slice,
              releaseKey(remote),
              { type: 'slots', url, audience, config, deadline, account },
              slots,
              { reads: slotReads, ...(audience === 'customer' && fetch ? { fetch } : {}) },
            )
          : slots.map((slot) => ({ slot, outcome: 'failed' as const }));
        const ms = Date.now() - started;
        for (const result of results) {
          answered.set(result.slot as RemoteModuleId, { result, ms });
        }
      }),
    );
    const ready: ReadySlot[] = [];
    const outcomes: SlotOutcome[] = [];
    // The page's own list, in its order: a worker names no slot of its own.
    for (const slot of wanted) {
      const { result, ms } = answered.get(slot) ?? {
        result: { slot, outcome: 'failed' as const },
        ms: Date.now() - started,
      };
      const whole =
        result.outcome === 'rendered' &&
        result.html !== undefined &&
        result.release !== undefined &&
        RELEASE_NAME.test(result.release);
      // Markup that could steer the page is not put in it: the slot is the browser's.
      const checked = whole ? checkSlotMarkup(result.html ?? '') : undefined;
      if (checked && 'problem' in checked) {
        this.options.onError(
          new Error(
            `${slot} of release ${result.release}: its server markup has what no page carries (${checked.problem}); the browser renders the slot`,
          ),
        );
      }
      if (checked && 'html' in checked) {
        ready.push({ ...result, slot, html: checked.html, release: result.release ?? '' });
      }
      const outcome =
        (checked && 'html' in checked) || result.outcome !== 'rendered' ? result.outcome : 'failed';
      outcomes.push({ slot, outcome, ms });
    }
    return { ready, outcomes };
  }
}
