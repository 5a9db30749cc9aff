import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readLocalReleases, writeLocalReleases } from 'page-server/releases/local-rollout';
import { integrityOf } from 'release-contract/release-integrity';
import { WORKSPACE_ROOT } from './servers';

/*
 * A release of remote-home whose slider never stops rendering on the server: its real server
 * bundle, with HomeSlider's component replaced by an endless loop, served from an origin of its
 * own and rolled out by `pnpm start`'s rollout file as a registered release would be (decision
 * 025: it is pinned, so the server runs it). What a slice's bug does to the page server, and
 * what the render workers (decision 032) let it cost.
 */

/** The slot that loops. */
export const LOOPING_SLOT = 'remote_home/HomeSlider';

const LOOP = `
;(function loopTheSlider(exported) {
  const load = exported.modules.HomeSlider;
  exported.modules.HomeSlider = () =>
    load().then((module) => ({ ...module, default: function LoopingSlider() { for (;;) {} } }));
})(module.exports);
`;

export interface LoopingRelease {
  /** Puts the looping release in the rollout file, signed: the host takes it up within a second. */
  rollOut(): Promise<void>;
  /** Puts the rollout file back as it was, and stops serving the release. */
  restore(): Promise<void>;
}

export async function serveLoopingRelease(): Promise<LoopingRelease> {
  const build = path.join(WORKSPACE_ROOT, 'remote-home/dist');
  const manifest = JSON.parse(readFileSync(path.join(build, 'mf-manifest.json'), 'utf8'));
  const entry = manifest.metaData.ssrRemoteEntry as { name: string; path: string };
  const source = `${readFileSync(path.join(build, entry.path, entry.name), 'utf8')}\n${LOOP}`;
  const name = 'remote-entry.looping.cjs';
  manifest.metaData.ssrRemoteEntry = { ...entry, name, integrity: integrityOf(source) };
  // The manifest is pinned by its bytes too (issue 45): these, as registered below.
  const manifestText = JSON.stringify(manifest);
  const server = createServer((request, response) => {
    if (request.url === '/mf-manifest.json') {
      response.setHeader('Content-Type', 'application/json');
      return response.end(manifestText);
    }
    if (request.url === `/${entry.path}/${name}`) return response.end(source);
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const original = await readLocalReleases(WORKSPACE_ROOT);
  const pinned = original.remotes.find((remote) => remote.name === 'remote_home')?.integrity;
  if (!pinned) throw new Error('remote-home is not built here: run "pnpm build" first');
  return {
    async rollOut() {
      await writeLocalReleases(WORKSPACE_ROOT, {
        remotes: original.remotes.map((remote) =>
          remote.name === 'remote_home'
            ? {
                ...remote,
                manifestUrl: `${origin}/mf-manifest.json`,
                integrity: {
                  ...pinned,
                  server: integrityOf(source),
                  manifest: integrityOf(manifestText),
                },
              }
            : remote,
        ),
      });
    },
    async restore() {
      // Signed again, now: the page server takes no document older than the one it uses.
      await writeLocalReleases(WORKSPACE_ROOT, original);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
