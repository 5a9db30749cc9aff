// @vitest-environment node
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { FlattenedSign } from 'jose';
import { describe, expect, it } from 'vitest';
import type { ReleasesDocument } from './releases-document';
import {
  publicKeyPemOf,
  RefusedReleases,
  releasesPublicKey,
  releasesSigningKey,
  signReleasesDocument,
  verifyReleasesDocument,
} from './signed-releases';

const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
const rollout = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const publicKey = releasesPublicKey(publicKeyPemOf(rollout.privateKey));

const manifest = (id: string) => `https://cdn.example/remote-home/releases/${id}/mf-manifest.json`;
const documentOf = (id: string): ReleasesDocument => ({
  remotes: [{ name: 'remote_home', manifestUrl: manifest(id) }],
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'believed',
    (error: unknown) => (error instanceof RefusedReleases ? error.message : String(error)),
  );

describe('the signed releases document', () => {
  it('is believed with the rollout’s public key: the document and when it was signed', async () => {
    const signedAt = new Date('2026-11-30T10:00:00.000Z');
    const text = await signReleasesDocument(documentOf('a1'), rollout.privateKey, signedAt);
    await expect(verifyReleasesDocument(text, publicKey, false)).resolves.toEqual({
      document: documentOf('a1'),
      signedAt: '2026-11-30T10:00:00.000Z',
    });
  });

  it('refuses a document that is not signed, however valid it is', async () => {
    const plain = JSON.stringify(documentOf('a1'));
    expect(await refusal(verifyReleasesDocument(plain, publicKey, false))).toBe('it is not signed');
  });

  it('refuses a document signed with any other key', async () => {
    const forged = await signReleasesDocument(documentOf('evil'), other.privateKey);
    expect(await refusal(verifyReleasesDocument(forged, publicKey, false))).toBe(
      'its signature does not verify with RELEASES_PUBLIC_KEY',
    );
  });

  it('refuses a signed document whose payload was replaced', async () => {
    const signed = JSON.parse(await signReleasesDocument(documentOf('a1'), rollout.privateKey));
    const forged = JSON.parse(await signReleasesDocument(documentOf('evil'), other.privateKey));
    const spliced = JSON.stringify({ ...signed, payload: forged.payload });
    expect(await refusal(verifyReleasesDocument(spliced, publicKey, false))).toBe(
      'its signature does not verify with RELEASES_PUBLIC_KEY',
    );
  });

  it('refuses JSON the same key signed as something else', async () => {
    const payload = new TextEncoder().encode(
      JSON.stringify({ signedAt: 'x', ...documentOf('a1') }),
    );
    const token = await new FlattenedSign(payload)
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .sign(rollout.privateKey);
    expect(await refusal(verifyReleasesDocument(JSON.stringify(token), publicKey, false))).toBe(
      'it is signed as "JWT", not as releases',
    );
  });

  it('in production, still refuses a signed document that does not pin every release', async () => {
    const text = await signReleasesDocument(documentOf('a1'), rollout.privateKey);
    await expect(verifyReleasesDocument(text, publicKey, true)).rejects.toThrow(
      'a production releases document pins every release',
    );
  });

  it('takes keys as PEM, one line with \\n escapes too, and only Ed25519 ones', () => {
    const oneLine = pem(rollout.privateKey).trim().replace(/\n/g, '\\n');
    expect(releasesSigningKey(oneLine).asymmetricKeyType).toBe('ed25519');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() => releasesSigningKey(pem(rsa.privateKey))).toThrow(
      'RELEASES_SIGNING_KEY is a rsa key; the releases are signed with Ed25519',
    );
    expect(() => releasesPublicKey('not a key')).toThrow(
      'RELEASES_PUBLIC_KEY is not a public key in PEM (SPKI)',
    );
    expect(() =>
      releasesPublicKey(rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    ).toThrow('RELEASES_PUBLIC_KEY is not an Ed25519 public key');
  });
});
