// @vitest-environment node
import {
  type FederationStats,
  type ModuleWithReasons,
  stableFederationStats,
} from './stable-federation-stats';

/*
 * The same sources give the same federation stats (issue 48): two builds of one commit saw a
 * slice's modules in another order, and upstream's stats named another expose as the user of a
 * shared module each time.
 */

const CALCULATOR = 'src/features/calculator/components/loan-calculator.tsx';
const SLIDER = 'src/features/slider/components/home-slider.tsx';

const consumed = (request: string, ...importers: string[]): ModuleWithReasons => ({
  moduleType: 'consume-shared-module',
  identifier: `consume shared module (default) ${request} (strict) (fallback: /repo/x.js)`,
  reasons: importers.map((moduleName) => ({ moduleName })),
});

/** What upstream wrote for one build: each shared module "used in" whichever expose came first. */
function statsOfABuild(first: string): FederationStats {
  return {
    shared: [
      { name: 'shared/ui/skeleton', version: '0.1.9', usedIn: [first], usedExports: ['b', 'a'] },
      { name: 'react', version: '19.3.1', usedIn: [first] },
      { name: 'shared/lib/money', version: '0.1.9', usedIn: [] },
    ],
    exposes: [
      {
        path: './LoanCalculator',
        file: CALCULATOR,
        requires: first === CALCULATOR ? ['react'] : [],
      },
      {
        path: './HomeSlider',
        file: SLIDER,
        requires: first === SLIDER ? ['shared/ui/skeleton'] : [],
      },
    ],
  };
}

const MODULES = [
  consumed('react@^19.3.0', `./${CALCULATOR} + 7 modules`, `./${SLIDER}`),
  consumed('shared/ui/skeleton@^0.1.0', `./${SLIDER}`, `./${CALCULATOR} + 7 modules`),
  consumed('shared/lib/money@^0.1.0', './src/features/calculator/lib/schedule.ts'),
  { moduleType: 'javascript/auto', identifier: '/repo/src/index.ts', reasons: [] },
];

/** The same items in another order. */
const reversed = <T>(items: readonly T[]) => [...items].reverse();

describe('stableFederationStats', () => {
  it('writes the same bytes whichever order the build saw its modules in', () => {
    const one = stableFederationStats(statsOfABuild(CALCULATOR), MODULES);
    const other = statsOfABuild(SLIDER);
    const shuffled = stableFederationStats(
      { shared: reversed(other.shared), exposes: reversed(other.exposes) },
      reversed(MODULES).map((module) => ({ ...module, reasons: reversed(module.reasons ?? []) })),
    );
    expect(JSON.stringify(shuffled)).toBe(JSON.stringify(one));
  });

  it('names every expose whose own modules import a shared module, and each expose’s shared modules', () => {
    const stats = stableFederationStats(statsOfABuild(SLIDER), MODULES);
    expect(stats.shared).toEqual([
      { name: 'react', version: '19.3.1', usedIn: [CALCULATOR, SLIDER] },
      { name: 'shared/lib/money', version: '0.1.9', usedIn: [] },
      {
        name: 'shared/ui/skeleton',
        version: '0.1.9',
        usedIn: [CALCULATOR, SLIDER],
        usedExports: ['a', 'b'],
      },
    ]);
    expect(stats.exposes).toEqual([
      { path: './HomeSlider', file: SLIDER, requires: ['react', 'shared/ui/skeleton'] },
      { path: './LoanCalculator', file: CALCULATOR, requires: ['react', 'shared/ui/skeleton'] },
    ]);
  });
});
