import { parseReport } from './report';
import { compareSurfaces } from './semver';
import {
  checkSharedVersion,
  currentSharedSurface,
  firstReports,
  REPORT_FILE,
  readCheckedInReport,
  renderSharedReport,
} from './shared-surface';

describe("shared's public surface", () => {
  it('is what the checked-in report says (pnpm api:report writes it)', () => {
    const surface = currentSharedSurface();
    const report = renderSharedReport(surface);
    if (report !== readCheckedInReport()) {
      // Say what changed, so the failure reads as the review it asks for.
      const change = compareSurfaces(parseReport(readCheckedInReport()), surface);
      expect.fail(
        `${REPORT_FILE} is out of date; run pnpm api:report and review it:\n${JSON.stringify(change, null, 2)}`,
      );
    }
  }, 60_000);

  // It reads the release in production's code from git when shared's words lost members.
  it('changes with the version bump the change needs', () => {
    const verdict = checkSharedVersion();
    expect(verdict.problem, 'pnpm api:report says the same and what changed').toBeNull();
  }, 60_000);
});

// Against the history on record (fetched first in a shallow clone), never skipped.
describe("shared's version, against the newest version on record as first recorded", () => {
  const newest = () => {
    const first = firstReports().at(-1);
    if (!first) throw new Error(`no version of ${REPORT_FILE} on record`);
    return first;
  };
  const [firstModule = ''] = Object.keys(parseReport(readCheckedInReport()).modules);

  it('fails a module added without a bump, and names the bump', () => {
    const { commit, surface } = newest();
    const report = { ...surface, modules: { ...surface.modules, 'shared/new': { f: 'f(): 1' } } };
    const verdict = checkSharedVersion(report, [{ commit, surface }]);
    expect(verdict.comparisons[0]?.change.added).toEqual(['shared/new (module)']);
    expect(verdict.problem).toMatch(
      new RegExp(`^version ${surface.version} needs \\d+\\.\\d+\\.\\d+: .*an addition needs a`),
    );
    expect(verdict.needed).not.toBe(surface.version);
  }, 60_000);

  it('fails a changed type without a bump', () => {
    const { commit, surface } = newest();
    const entries = surface.modules[firstModule] ?? {};
    const [name = ''] = Object.keys(entries).filter((entry) => !entry.startsWith('(local)'));
    const changed = { ...entries, [name]: `export declare const ${name}: 'changed';` };
    const report = { ...surface, modules: { ...surface.modules, [firstModule]: changed } };
    const verdict = checkSharedVersion(report, [{ commit, surface }]);
    expect(verdict.comparisons[0]?.change.changed).toEqual([`${firstModule}: ${name}`]);
    expect(verdict.problem).toMatch(/a removal or change needs a (major|minor) bump/);
  }, 60_000);

  it('fails a removed module under a bump smaller than a break needs', () => {
    const { commit, surface } = newest();
    const [major = 0, minor = 0, patch = 0] = surface.version.split('.').map(Number);
    const small = major > 0 ? `${major}.${minor + 1}.0` : `0.${minor}.${patch + 1}`;
    const { [firstModule]: _removed, ...rest } = surface.modules;
    const verdict = checkSharedVersion({ version: small, modules: rest }, [{ commit, surface }]);
    expect(verdict.comparisons[0]?.change.removed).toContain(`${firstModule} (module)`);
    expect(verdict.problem).toMatch(/a removal or change needs a (major|minor) bump/);
    expect(verdict.needed).toBe(major > 0 ? `${major + 1}.0.0` : `0.${minor + 1}.0`);
  }, 60_000);
});
