import { remotesToHint } from 'release-contract/first-screen';
import { renderIndexHtml } from 'release-contract/page-document';
import type { RouteEntry } from 'release-contract/routes';
import { type RuntimeConfig, stableConfig } from 'release-contract/runtime-config';

/*
 * The page an edge sends itself while no page server answers (decision 016): the document a
 * page server writes when it renders nothing, for every visitor alike. The rollout writes it
 * from release-contract's page document (decision 046), the one the page servers write per
 * request, so publishing a release runs none of the page server's code.
 */

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
  const stable = stableConfig(config);
  return renderIndexHtml(template, stable, remotesToHint(stable, route, customer));
}
