import { PAGE_SLOTS, type SlotPage } from './page-slots';
import type { Audience } from './page-state';
import { type RemoteModuleId, remoteNameOf } from './remotes';
import type { RouteEntry } from './routes';
import type { RuntimeConfig } from './runtime-config';

/** The remote modules on each page's first screen of a phone, as the slot table marks them. */
const firstScreenOf = (page: SlotPage, audience: Audience): RemoteModuleId[] =>
  PAGE_SLOTS[page][audience].filter((slot) => slot.firstScreen).map((slot) => slot.id);

const isSlotPage = (id: string): id is SlotPage => Object.hasOwn(PAGE_SLOTS, id);

/**
 * The remote modules a page needs at once (a route of the table, or no route: the not-found
 * page), for a visitor or a customer: its first screen's slots. The header needs none: its
 * account buttons are the host's own until used, a customer's as a visitor's (decision 031).
 * The host's server hints only their remotes' manifests: a hint for anything else spends a
 * phone's bandwidth on a file the page does not read (and the browser warns of it).
 */
export function firstScreenModules(
  route: RouteEntry | undefined,
  loggedIn: boolean,
): RemoteModuleId[] {
  const audience: Audience = loggedIn ? 'customer' : 'visitor';
  return route && isSlotPage(route.id) ? firstScreenOf(route.id, audience) : [];
}

/**
 * The remotes whose manifests a page hints (a route, or none: the not-found page): those of
 * its first screen (a visitor's account slice waits for intent, decision 014). Hinting the
 * others would spend a phone's bandwidth on files the page may never read.
 */
export function remotesToHint(
  config: RuntimeConfig,
  route: RouteEntry | undefined,
  loggedIn: boolean,
): RuntimeConfig['remotes'] {
  const needed = new Set(firstScreenModules(route, loggedIn).map(remoteNameOf));
  return config.remotes.filter((remote) => needed.has(remote.name));
}
