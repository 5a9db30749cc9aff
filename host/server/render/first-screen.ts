import type { RemoteModuleId } from 'tooling/remotes';
import { PAGE_SLOTS, type SlotPage } from '../../src/app/pages/page-slots';
import type { LayoutName, RouteEntry } from '../../src/app/route-table';
import type { Audience } from '../../src/contract/page-state';

type Modules = Record<Audience, readonly RemoteModuleId[]>;

/**
 * What each layout loads on every page: the default layout's header holds a customer's
 * account entry (a visitor's is the host's own buttons until asked for, decision 014).
 */
const LAYOUT_MODULES: Record<LayoutName, Modules> = {
  default: { visitor: [], customer: ['remote_account/AccountEntry'] },
  static: { visitor: [], customer: [] },
};

/** The remote modules on each page's first screen of a phone, as the slot table marks them. */
const firstScreenOf = (page: SlotPage, audience: Audience): RemoteModuleId[] =>
  PAGE_SLOTS[page][audience].filter((slot) => slot.firstScreen).map((slot) => slot.id);

const isSlotPage = (id: string): id is SlotPage => Object.hasOwn(PAGE_SLOTS, id);

/**
 * The remote modules a page needs at once (a route of the table, or no route: the not-found
 * page), for a visitor or a customer. The host's server
 * hints only their remotes' manifests: a hint for anything else spends a phone's bandwidth on
 * a file the page does not read (and the browser warns of it).
 */
export function firstScreenModules(
  route: RouteEntry | undefined,
  loggedIn: boolean,
): RemoteModuleId[] {
  const audience: Audience = loggedIn ? 'customer' : 'visitor';
  const layout = LAYOUT_MODULES[route?.layout ?? 'default'][audience];
  const page = route && isSlotPage(route.id) ? firstScreenOf(route.id, audience) : [];
  return [...page, ...layout];
}
