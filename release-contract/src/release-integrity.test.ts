import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatPins, integrityOf, parsePins, pinsOfBuild } from './release-integrity';
import { INTEGRITY } from './remotes';

/** A remote's build folder: its manifest naming an entry and a server bundle. */
function build(manifest: (files: { entry: string; server: string }) => object) {
  const folder = mkdtempSync(path.join(tmpdir(), 'release-'));
  mkdirSync(path.join(folder, 'ssr'));
  const files = { entry: 'var remote_home = {};', server: 'exports.modules = {};' };
  writeFileSync(path.join(folder, 'remoteEntry.js'), files.entry);
  writeFileSync(path.join(folder, 'ssr/remote-entry.aaaa.cjs'), files.server);
  writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify(manifest(files)));
  return { folder, files };
}

const entries = (recorded: { entry?: string; server?: string } = {}) => ({
  metaData: {
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global', integrity: recorded.entry },
    ssrRemoteEntry: { name: 'remote-entry.aaaa.cjs', path: 'ssr', integrity: recorded.server },
  },
});

describe('release integrity', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('writes a digest as the browser’s integrity attribute takes it', () => {
    expect(integrityOf('alert(1)')).toMatch(INTEGRITY);
    expect(integrityOf('alert(1)')).not.toBe(integrityOf('alert(2)'));
  });

  it('pins a build by the bytes of its entry and server bundle, agreeing with what it recorded', () => {
    const { folder, files } = build((files) =>
      entries({ entry: integrityOf(files.entry), server: integrityOf(files.server) }),
    );
    folders.push(folder);
    expect(pinsOfBuild(folder)).toEqual({
      entry: integrityOf(files.entry),
      server: integrityOf(files.server),
      manifest: integrityOf(readFileSync(path.join(folder, 'mf-manifest.json'))),
    });
  });

  it('refuses to pin a build whose entry the browser would import past any pin (issue 45)', () => {
    const { folder } = build(() => {
      const manifest = entries();
      return {
        metaData: {
          ...manifest.metaData,
          remoteEntry: { name: 'evil.js', path: '', type: 'module' },
        },
      };
    });
    folders.push(folder);
    writeFileSync(path.join(folder, 'evil.js'), 'export const get = () => {};');
    expect(() => pinsOfBuild(folder)).toThrow(/a "module" entry cannot be pinned/);
  });

  it('pins a build from before the manifest recorded digests by its files', () => {
    const { folder, files } = build(() => entries());
    folders.push(folder);
    expect(pinsOfBuild(folder).entry).toBe(integrityOf(files.entry));
  });

  it('refuses to pin a build whose file changed after it was built', () => {
    const { folder } = build(() => entries({ entry: integrityOf('what was built') }));
    folders.push(folder);
    expect(() => pinsOfBuild(folder)).toThrow(/remoteEntry\.js is not the file its build recorded/);
  });

  it('reads and writes REMOTE_*_INTEGRITY as the entry’s digest, the server bundle’s, the manifest’s', () => {
    const pins = { entry: integrityOf('a'), server: integrityOf('b'), manifest: integrityOf('c') };
    expect(parsePins(` ${formatPins(pins)} `, 'REMOTE_HOME_INTEGRITY')).toEqual(pins);
    const withoutServer = { entry: pins.entry, manifest: pins.manifest };
    expect(formatPins(withoutServer)).toBe(`${pins.entry} - ${pins.manifest}`);
    expect(parsePins(formatPins(withoutServer), 'REMOTE_HOME_INTEGRITY')).toEqual(withoutServer);
    // An older line keeps its meaning: the entry, then the server bundle.
    expect(parsePins(`${pins.entry} ${pins.server}`, 'REMOTE_HOME_INTEGRITY')).toEqual({
      entry: pins.entry,
      server: pins.server,
    });
    expect(parsePins(integrityOf('a'), 'REMOTE_HOME_INTEGRITY')).toEqual({
      entry: integrityOf('a'),
    });
    for (const wrong of [
      '',
      'sha256-abc',
      `${integrityOf('a')} md5-x`,
      `${integrityOf('a')} -`,
      `- ${integrityOf('a')} ${integrityOf('b')}`,
      `${formatPins(pins)} x`,
      `${formatPins(pins)} ${integrityOf('d')}`,
    ]) {
      expect(() => parsePins(wrong, 'REMOTE_HOME_INTEGRITY'), wrong).toThrow(
        /REMOTE_HOME_INTEGRITY/,
      );
    }
  });
});
