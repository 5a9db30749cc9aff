import type { KeyObject } from 'node:crypto';
import {
  keptSigningKey,
  publicKeyPemOf,
  releasesSigningKey,
} from 'release-contract/signed-releases';
import { SIGNING_KEY_FILE } from '../deploy-paths';
import type { Env } from './release-store';

/*
 * The rollout's key for the releases document (decision 040): RELEASES_SIGNING_KEY, held by the
 * rollout alone; else, on a machine's own deployment, a key made once under `.nginx/registry/`
 * (readable by its owner only). The page servers are given only its public half.
 */

let told = false;

/** The key the rollout signs the document with. */
export function rolloutSigningKey(env: Env = process.env, file = SIGNING_KEY_FILE): KeyObject {
  const given = env.RELEASES_SIGNING_KEY?.trim();
  if (given) return releasesSigningKey(given);
  if (!told) {
    told = true;
    console.info(
      `deploy: the releases document is signed with this deployment's key (${file}); RELEASES_SIGNING_KEY gives another`,
    );
  }
  return keptSigningKey(file);
}

/** The public key this deployment's page servers verify the document with (RELEASES_PUBLIC_KEY). */
export const rolloutPublicKey = (env: Env = process.env): string =>
  env.RELEASES_PUBLIC_KEY?.trim() || publicKeyPemOf(rolloutSigningKey(env));
