import { generateKeyPairSync } from 'node:crypto';
import { signReleasesDocument } from 'release-contract/signed-releases';
import { expect, test } from './machines-fixtures';
import { RELEASES_DOCUMENT } from './release-origin';

/*
 * Issue 56, row 1: a probe PUT a forged remote-home release and a releases document naming it
 * to the release origin's upload address, and every PUT was taken (201; over an existing file
 * or the document, 204). Now the origin takes an upload only with the rollout's credential, as
 * a bucket takes one only with its keys, and never writes a release's file twice; and whoever
 * holds that credential still cannot choose the code that runs: the page servers believe only
 * a document the rollout's key signed (decision 040).
 */

const FORGED = 'remote-home/releases/0123456789ab/mf-manifest.json';

const put = (url: string, body: string, token?: string) =>
  fetch(url, {
    method: 'PUT',
    body,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

const served = (url: string) =>
  fetch(url).then(async (response) => [response.status, await response.text()]);

test('the release origin takes an upload only with the rollout’s credential, and never a release’s file over another', async ({
  topology,
}) => {
  const { origin } = topology;
  const document = `${origin.url}/${RELEASES_DOCUMENT}`;
  const before = await served(document);
  expect(before[0]).toBe(200);
  const stable = new URL(topology.releases.remotes[0]?.manifestUrl ?? '').pathname;
  const stableBytes = await served(`${origin.url}${stable}`);
  expect(stableBytes[0]).toBe(200);

  // Without the credential, or with another, nothing is written or even answered.
  for (const token of [undefined, 'a-guess']) {
    expect((await put(`${origin.uploadUrl}/${FORGED}`, '{"forged":true}', token)).status).toBe(401);
    expect(
      (await put(`${origin.uploadUrl}/${RELEASES_DOCUMENT}`, '{"remotes":[]}', token)).status,
    ).toBe(401);
    expect((await put(`${origin.uploadUrl}${stable}`, '{"forged":true}', token)).status).toBe(401);
    const asked = await fetch(`${origin.uploadUrl}${stable}`, {
      method: 'HEAD',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(asked.status).toBe(401);
  }
  expect(await served(`${origin.url}/${FORGED}`)).toEqual([404, expect.any(String)]);
  expect(await served(document)).toEqual(before);

  // With it, a release's file already there is never replaced; the origin serves what it had.
  expect((await put(`${origin.uploadUrl}${stable}`, '{"forged":true}', origin.token)).status).toBe(
    409,
  );
  expect(await served(`${origin.url}${stable}`)).toEqual(stableBytes);

  // A new release's file is written once; the document, which the rollout replaces, again.
  const fresh = 'remote-home/releases/fedcba987654/probe.txt';
  expect((await put(`${origin.uploadUrl}/${fresh}`, 'first', origin.token)).status).toBe(201);
  expect((await put(`${origin.uploadUrl}/${fresh}`, 'second', origin.token)).status).toBe(409);
  expect(await served(`${origin.url}/${fresh}`)).toEqual([200, 'first']);
  // Other bytes (the same pins, a line longer), so a write that was dropped would show.
  const replaced = `${before[1]}\n`;
  expect(
    (await put(`${origin.uploadUrl}/${RELEASES_DOCUMENT}`, replaced, origin.token)).status,
  ).toBe(204);
  expect(await served(document)).toEqual([200, replaced]);
});

/** A machine's figure for the releases document, from its metrics (0 when absent). */
async function documentFigure(metricsUrl: string, series: string): Promise<number> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(series));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

test('a releases document the rollout did not sign is refused by every page server, which keeps serving the last good one', async ({
  topology,
}) => {
  const { origin, machines } = topology;
  const document = `${origin.url}/${RELEASES_DOCUMENT}`;
  const before = await served(document);
  const stable = topology.releases.remotes.find((remote) => remote.name === 'remote_home');
  // What the probe did, with the upload credential in hand: a document naming its own release,
  // pinned by that release's own digests; then the same signed with a key of its own.
  const forged = {
    remotes: topology.releases.remotes.map((remote) =>
      remote.name === 'remote_home'
        ? { ...remote, manifestUrl: `${origin.url}/${FORGED}` }
        : remote,
    ),
  };
  const forgeries = [
    `${JSON.stringify(forged, null, 2)}\n`,
    await signReleasesDocument(forged, generateKeyPairSync('ed25519').privateKey),
  ];
  const refused = 'lender_releases_document_reads_total{outcome="refused"}';
  try {
    for (const forgery of forgeries) {
      const counts = await Promise.all(
        machines.map((machine) => documentFigure(machine.metricsUrl, refused)),
      );
      const upload = await put(`${origin.uploadUrl}/${RELEASES_DOCUMENT}`, forgery, origin.token);
      expect(upload.status).toBe(204);
      for (const [index, machine] of machines.entries()) {
        await expect
          .poll(() => documentFigure(machine.metricsUrl, refused), { timeout: 30_000 })
          .toBeGreaterThan(counts[index] ?? 0);
        expect(await documentFigure(machine.metricsUrl, 'lender_releases_document_stale')).toBe(1);
      }
    }
    // Every page still names the release the rollout signed, none the forged one.
    for (let page = 0; page < machines.length * 2; page += 1) {
      const html = await (await fetch(`${topology.url}/`)).text();
      expect(html).toContain(stable?.manifestUrl);
      expect(html).not.toContain(FORGED);
    }
  } finally {
    // The rollout's own document back (the same signature): believed again.
    await put(`${origin.uploadUrl}/${RELEASES_DOCUMENT}`, String(before[1]), origin.token);
  }
  for (const machine of machines) {
    await expect
      .poll(() => documentFigure(machine.metricsUrl, 'lender_releases_document_stale'), {
        timeout: 30_000,
      })
      .toBe(0);
  }
});
