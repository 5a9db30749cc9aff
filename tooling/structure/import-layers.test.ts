import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkFeatures,
  checkFloors,
  type Floor,
  HOST_FLOORS,
  PAGE_SERVER_FLOORS,
  REPO_ROOT,
  SLICES,
} from './import-layers';

describe('the structure drawn from the imports', () => {
  it('has no import in the host that climbs a floor, and no host file on no floor', () => {
    const host = checkFloors(path.join(REPO_ROOT, 'host'), HOST_FLOORS);
    expect(host.upward).toEqual([]);
    expect(host.unplaced).toEqual([]);
  });

  it('has no import in the page server that climbs a floor, and no file of it on no floor', () => {
    const server = checkFloors(path.join(REPO_ROOT, 'page-server'), PAGE_SERVER_FLOORS);
    expect(server.upward).toEqual([]);
    expect(server.unplaced).toEqual([]);
  });

  it.each(SLICES)(
    'has in %s no loop, no feature importing another, and no common part above one',
    (slice) => {
      const features = checkFeatures(path.join(REPO_ROOT, slice));
      expect(features.loops).toEqual([]);
      expect(features.across).toEqual([]);
      expect(features.upward).toEqual([]);
    },
  );
});

describe('the checks', () => {
  let root = '';
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'import-layers-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const floors: Floor[] = [
    { name: 'top', holds: ['src/top/'] },
    { name: 'bottom', holds: ['src/bottom/'] },
  ];

  it('names an import that climbs, and a file on no floor; tests may import anything', () => {
    write('src/top/page.tsx', "import { word } from '../bottom/words';\n");
    write('src/bottom/words.ts', "import { page } from '../top/page';\n");
    write('src/bottom/words.test.ts', "import { page } from '../top/page';\n");
    write('src/elsewhere/stray.ts', '');
    const report = checkFloors(root, floors);
    expect(report.upward).toEqual(['src/bottom/words.ts → src/top/page (bottom → top)']);
    expect(report.unplaced).toEqual(['src/elsewhere/stray.ts']);
    expect(report.edges).toEqual(['bottom → top', 'top → bottom']);
  });

  it('names a feature that imports another, one way or both, and a common part above a feature', () => {
    write('src/features/loans/card.tsx', "import { repay } from '../repayment/repay';\n");
    write('src/features/repayment/repay.tsx', "import { card } from '../loans/card';\n");
    write('src/features/overdue/notice.tsx', "import { repay } from '../repayment/repay';\n");
    write('src/lib/helper.ts', "import { notice } from '../features/overdue/notice';\n");
    write('src/components/frame.tsx', "import { page } from '../app/page';\n");
    const report = checkFeatures(root);
    expect(report.loops).toEqual([['features/loans', 'features/repayment']]);
    expect(report.across).toEqual([
      'src/features/loans/card.tsx → src/features/repayment/repay',
      'src/features/overdue/notice.tsx → src/features/repayment/repay',
      'src/features/repayment/repay.tsx → src/features/loans/card',
    ]);
    expect(report.upward).toEqual([
      'src/components/frame.tsx → src/app/page',
      'src/lib/helper.ts → src/features/overdue/notice',
    ]);
  });

  it('lets the composing layer and the entry import any feature, and a feature its lib', () => {
    write('src/app/overview.tsx', "import { card } from '../features/loans/card';\n");
    write('src/app/notice.tsx', "import { repay } from '../features/repayment/repay';\n");
    write('src/index.ts', "void import('./app/overview');\n");
    write('src/features/loans/card.tsx', "import { part } from '../../lib/part';\n");
    write('src/features/repayment/repay.tsx', "import { part } from '../../lib/part';\n");
    write('src/lib/part.ts', '');
    const report = checkFeatures(root);
    expect(report).toMatchObject({ loops: [], across: [], upward: [] });
  });
});
