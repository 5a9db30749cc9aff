import type { RouteEntry } from 'release-contract/routes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { stableConfig } from '../releases/canary';
import { renderIndexHtml } from './page-document';
import { remotesToHint } from './page-hints';

/*
 * The page an edge sends itself while no page server answers (decision 016): the document a
 * page server writes when it renders nothing, for every visitor alike. The one export the
 * rollout writes pages with (decision 045): the page's document has one home, here, and the
 * rollout needs none of the page server's render internals to publish it.
 */

/** The configuration a stand-in page carries: every remote at its stable release, no canary. */
export const standInConfig = (config: RuntimeConfig): RuntimeConfig => stableConfig(config);

/**
 * The stand-in page of a route (undefined: the not-found page) for a visitor or a customer,
 * from the host build's page: the stable releases' configuration in it, and hints for the
 * manifests its first screen loads.
 */
export function standInPage(
  template: string,
  config: RuntimeConfig,
  route: RouteEntry | undefined,
  customer: boolean,
): string {
  const stable = standInConfig(config);
  return renderIndexHtml(template, stable, remotesToHint(stable, route, customer));
}
