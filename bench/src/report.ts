import type { LighthouseFigures } from './lighthouse-runs';
import type { PageFigures, PHONE_PROFILE, TypeFigures } from './page-metrics';

/** Whose page: a visitor's, or a seeded customer's. */
export type Who = 'visitor' | 'customer';

/** One bench run, as `run.ts` writes it to its JSON file and the report reads it back. */
export interface BenchResult {
  date: string;
  commit: string;
  profile: typeof PHONE_PROFILE;
  pages: Record<'federated' | 'monolith', Record<Who, PageFigures>>;
  lighthouse?: {
    mobile: LighthouseFigures & { scores: number[] };
    desktop: LighthouseFigures & { scores: number[] };
    /** The monolith on a phone: what the same modules score without federation. */
    monolithMobile?: LighthouseFigures & { scores: number[] };
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—');

function change(now: number, before: number | undefined, format: (n: number) => string): string {
  if (before === undefined || Number.isNaN(before)) return '';
  const delta = now - before;
  if (delta === 0) return '  (=)';
  return `  (${delta > 0 ? '+' : '−'}${format(Math.abs(delta))})`;
}

function typeLine(label: string, now: TypeFigures, before?: TypeFigures): string {
  return [
    `  ${label.padEnd(11)}${String(now.count).padStart(3)} files`,
    `sent ${kb(now.transferred).padStart(9)}${change(now.transferred, before?.transferred, kb)}`,
    `gzip ${kb(now.gzip).padStart(9)}${change(now.gzip, before?.gzip, kb)}`,
    `brotli ${kb(now.brotli).padStart(9)}`,
    `raw ${kb(now.raw).padStart(9)}`,
  ].join('   ');
}

function pageBlock(title: string, now: PageFigures, before?: PageFigures): string[] {
  return [
    title,
    typeLine('JavaScript', now.js, before?.js),
    typeLine('CSS', now.css, before?.css),
    `  requests ${now.requests}${change(now.requests, before?.requests, String)} over ${now.origins} origins; ` +
      `round trips after the HTML to the calculator's figures: ${now.roundTrips}${change(now.roundTrips, before?.roundTrips, String)}`,
    `  figures ${ms(now.figuresMs)}${change(now.figuresMs, before?.figuresMs, ms)}   FCP ${ms(now.fcpMs)}   ` +
      `LCP ${ms(now.lcpMs)}${change(now.lcpMs, before?.lcpMs, ms)}   CLS ${now.cls.toFixed(3)}   ` +
      `TBT ${ms(now.tbtMs)}${change(now.tbtMs, before?.tbtMs, ms)}`,
    `  the slider answers Page Up in ${ms(now.keyboardMs)} at most (key to next paint, INP); ` +
      `the presses fetch ${now.firstKeyJs.count} scripts, ${kb(now.firstKeyJs.gzip)} gzip` +
      // Figures written before the first press was told apart have none to compare with.
      change(now.firstKeyJs.gzip, before?.firstKeyJs?.gzip, kb),
  ];
}

function lighthouseLine(
  label: string,
  now: LighthouseFigures & { scores: number[] },
  before?: LighthouseFigures,
): string {
  return (
    `  ${label.padEnd(8)} performance ${now.performance}${change(now.performance, before?.performance, String)} ` +
    `(runs ${now.scores.join(', ')})   FCP ${ms(now.fcpMs)}   LCP ${ms(now.lcpMs)}   ` +
    `TBT ${ms(now.tbtMs)}   CLS ${now.cls.toFixed(3)}   SI ${ms(now.speedIndexMs)}`
  );
}

/** The figures as a reader compares them: each build, then the federated/monolith ratios. */
export function printReport(result: BenchResult, baseline?: BenchResult): void {
  const { federated, monolith } = result.pages;
  const lines: string[] = [
    '',
    `bench ${result.date} at ${result.commit.slice(0, 8)}` +
      (baseline ? `, changes against ${baseline.commit.slice(0, 8)}` : ''),
    `profile: ${result.profile.viewport.width}×${result.profile.viewport.height}, ` +
      `${result.profile.latencyMs} ms latency, 1.6 Mbit/s, ${result.profile.cpuSlowdown}× CPU; medians`,
  ];
  for (const who of ['visitor', 'customer'] as const) {
    lines.push('');
    lines.push(...pageBlock(`federated, ${who}`, federated[who], baseline?.pages.federated[who]));
    lines.push(...pageBlock(`monolith, ${who}`, monolith[who], baseline?.pages.monolith[who]));
    lines.push(
      `  federated/monolith: JavaScript gzip ${ratio(federated[who].js.gzip, monolith[who].js.gzip)}, ` +
        `sent ${ratio(federated[who].js.transferred + federated[who].css.transferred, monolith[who].js.transferred + monolith[who].css.transferred)}, ` +
        `requests ${ratio(federated[who].requests, monolith[who].requests)}, ` +
        `figures ${ratio(federated[who].figuresMs, monolith[who].figuresMs)}`,
    );
  }
  if (result.lighthouse) {
    const { mobile, desktop, monolithMobile } = result.lighthouse;
    lines.push('', 'Lighthouse 12, federated build, median of runs');
    lines.push(lighthouseLine('mobile', mobile, baseline?.lighthouse?.mobile));
    lines.push(lighthouseLine('desktop', desktop, baseline?.lighthouse?.desktop));
    if (monolithMobile) {
      lines.push('Lighthouse 12, monolith, median of runs');
      lines.push(lighthouseLine('mobile', monolithMobile, baseline?.lighthouse?.monolithMobile));
    }
  }
  console.info(lines.join('\n'));
}
