import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FlattenedJWSInput, FlattenedSign, flattenedVerify } from 'jose';
import * as z from 'shared/validation/zod';
import {
  type ReleasesDocument,
  releasesDocumentOf,
  releasesDocumentSchema,
  validReleasesDocument,
} from './releases-document';

/*
 * The releases document as it travels (issue 56, decision 040): a JWS (RFC 7515, JSON
 * flattened serialization) signed with Ed25519 by the rollout, whose key only the rollout holds
 * (RELEASES_SIGNING_KEY). A page server believes a document only when its signature verifies
 * with RELEASES_PUBLIC_KEY: whoever can write the file or the origin's object cannot choose the
 * code that runs. The payload is the document and when it was signed; a page server refuses a
 * document signed before the one it uses, so an old signed document cannot be put back either.
 */

/** The JWS `typ` of a releases document: a signature over other JSON is not one. */
export const RELEASES_JWS_TYPE = 'lender-releases+jws';
const ALGORITHM = 'EdDSA';

const signedPayloadSchema = z.extend(releasesDocumentSchema, {
  signedAt: z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'a time')),
});

export interface SignedReleases {
  document: ReleasesDocument;
  /** When the rollout signed it (ISO 8601). */
  signedAt: string;
}

/** Why a document is not believed: the page server keeps the last good one and says this. */
export class RefusedReleases extends Error {
  override name = 'RefusedReleases';
}

/** A PEM from an environment variable, where one line with `\n` escapes stands for several. */
const pemOf = (text: string) => text.trim().replace(/\\n/g, '\n');

/** The rollout's signing key (PKCS#8 PEM); anything but an Ed25519 private key is refused. */
export function releasesSigningKey(pem: string, name = 'RELEASES_SIGNING_KEY'): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pemOf(pem));
  } catch {
    throw new Error(`${name} is not a private key in PEM (PKCS#8)`);
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(
      `${name} is a ${key.asymmetricKeyType} key; the releases are signed with Ed25519`,
    );
  }
  return key;
}

/** The page servers' key (SPKI PEM); anything but an Ed25519 public key is refused. */
export function releasesPublicKey(pem: string, name = 'RELEASES_PUBLIC_KEY'): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(pemOf(pem));
  } catch {
    throw new Error(`${name} is not a public key in PEM (SPKI)`);
  }
  if (key.type !== 'public' || key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${name} is not an Ed25519 public key`);
  }
  return key;
}

/**
 * A signing key kept in a file of its own (a checkout's or a machine's deployment's, never a
 * lender's: theirs is RELEASES_SIGNING_KEY): made the first time, by whichever process comes
 * first, readable by its owner only.
 */
export function keptSigningKey(file: string): KeyObject {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    try {
      writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
        flag: 'wx',
        mode: 0o600,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return releasesSigningKey(readFileSync(file, 'utf8'), file);
}

/** The public key that verifies what a signing key signs, as the page servers are given it. */
export const publicKeyPemOf = (signingKey: KeyObject): string =>
  createPublicKey(signingKey).export({ type: 'spki', format: 'pem' }).toString();

/** The document signed, as the text a page server reads: the JWS, one key per line. */
export async function signReleasesDocument(
  document: ReleasesDocument,
  signingKey: KeyObject,
  signedAt: Date = new Date(),
): Promise<string> {
  const payload = { signedAt: signedAt.toISOString(), ...releasesDocumentOf(document) };
  const jws = await new FlattenedSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: ALGORITHM, typ: RELEASES_JWS_TYPE })
    .sign(signingKey);
  const { protected: header, signature } = jws;
  return `${JSON.stringify({ protected: header, payload: jws.payload, signature }, null, 2)}\n`;
}

const jwsSchema = z.object({
  protected: z.string(),
  payload: z.string(),
  signature: z.string(),
});

/**
 * A signed document's text, believed only when its signature verifies with `publicKey`; then
 * validated as every document is (in production every release pinned whole). Throws
 * RefusedReleases for a document that is not signed by that key, and a plain error for text
 * that is not JSON or a signed document that is malformed.
 */
export async function verifyReleasesDocument(
  text: string,
  publicKey: KeyObject,
  production: boolean,
): Promise<SignedReleases> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Broken, as a half-written file is: unreadable, not refused.
    throw new Error('it is not JSON');
  }
  const jws = jwsSchema.safeParse(value);
  if (!jws.success) {
    throw new RefusedReleases(
      typeof value === 'object' && value !== null && 'remotes' in value
        ? 'it is not signed'
        : 'it is not a signed releases document',
    );
  }
  let verified: Awaited<ReturnType<typeof flattenedVerify>>;
  try {
    verified = await flattenedVerify(jws.data satisfies FlattenedJWSInput, publicKey, {
      algorithms: [ALGORITHM],
    });
  } catch {
    throw new RefusedReleases('its signature does not verify with RELEASES_PUBLIC_KEY');
  }
  const type = verified.protectedHeader?.typ;
  if (type !== RELEASES_JWS_TYPE) {
    throw new RefusedReleases(`it is signed as "${type ?? 'nothing'}", not as releases`);
  }
  const payload = signedPayloadSchema.parse(JSON.parse(new TextDecoder().decode(verified.payload)));
  return {
    document: validReleasesDocument({ remotes: payload.remotes }, production),
    signedAt: payload.signedAt,
  };
}
