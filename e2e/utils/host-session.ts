import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Which session the host under test keeps. Today's host holds the tokens on its server
 * (decision 027); a release from before it kept them in a cookie the page reads. The
 * version-skew pass meets such a host, and the fixtures that make a customer up must speak
 * its protocol: the pass says which through this variable.
 */
export const E2E_HOST_SESSION = 'E2E_HOST_SESSION';
export const LEGACY_HOST_SESSION = 'page-cookie';

/** The session protocol of the host built in `tree`: the legacy one when it has no gateway. */
export function hostSessionOf(tree: string): string | undefined {
  const gateway = path.join(tree, 'host/server/session/provider-gateway.ts');
  return existsSync(gateway) ? undefined : LEGACY_HOST_SESSION;
}
