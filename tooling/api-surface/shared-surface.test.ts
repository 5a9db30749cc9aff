import { parseReport } from './report';
import { compareSurfaces } from './semver';
import {
  checkSharedVersion,
  currentSharedSurface,
  previousVersionReport,
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
    expect(verdict.problem).toBeNull();
  }, 60_000);

  // Needs the report's history: absent from a clone without it (a shallow one).
  it.skipIf(previousVersionReport('0.0.0-none') === null)(
    'is compared with the previous version on record, and a break under a small bump fails',
    () => {
      const recorded = parseReport(readCheckedInReport());
      const [major = 0, minor = 0, patch = 0] = recorded.version.split('.').map(Number);
      const small = major > 0 ? `${major}.${minor + 1}.0` : `0.${minor}.${patch + 1}`;
      const [first = ''] = Object.keys(recorded.modules);
      const { [first]: _removed, ...rest } = recorded.modules;
      const verdict = checkSharedVersion({ version: small, modules: rest });
      expect(verdict.previous?.version).toBe(recorded.version);
      expect(verdict.change?.removed).toContain(`${first} (module)`);
      expect(verdict.problem).toMatch(/a removal or change needs a (major|minor) bump/);
    },
    60_000,
  );
});
