import { remoteNameOf } from 'release-contract/remotes';
import type { RouteEntry } from 'release-contract/routes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { firstScreenModules } from './first-screen';

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
