import path from 'node:path';
import { importCycles } from './import-cycles.ts';
import {
  checkFeatures,
  checkFloors,
  type Floor,
  HOST_FLOORS,
  PAGE_SERVER_FLOORS,
  REPO_ROOT,
  SLICES,
} from './import-layers.ts';
import { boundaryViolations } from './package-boundaries.ts';

/*
 * `pnpm structure`: draws the page server's and the host's floors and each slice's features from
 * the imports, and exits 1 when an import climbs a floor, a slice's feature imports another
 * feature, an import crosses into another package other than by its public API, or files import each
 * other in a cycle.
 */

let broken = false;
const floored: [string, readonly Floor[]][] = [
  ['page-server', PAGE_SERVER_FLOORS],
  ['host', HOST_FLOORS],
];
for (const [name, floors] of floored) {
  const report = checkFloors(path.join(REPO_ROOT, name), floors);
  console.info(`${name}, floor to floor:`);
  for (const edge of report.edges) console.info(`  ${edge}`);
  for (const line of report.upward) console.info(`  UPWARD ${line}`);
  for (const file of report.unplaced) console.info(`  ON NO FLOOR ${file}`);
  broken ||= report.upward.length > 0 || report.unplaced.length > 0;
}

for (const slice of SLICES) {
  const features = checkFeatures(path.join(REPO_ROOT, slice));
  console.info(`${slice}, folder to folder:`);
  for (const edge of features.edges) console.info(`  ${edge}`);
  for (const loop of features.loops) console.info(`  LOOP ${loop.join(' ↔ ')}`);
  for (const line of features.across) console.info(`  FEATURE TO FEATURE ${line}`);
  for (const line of features.upward) console.info(`  UPWARD ${line}`);
  broken ||= features.loops.length + features.across.length + features.upward.length > 0;
}
const crossings = boundaryViolations(REPO_ROOT);
console.info(`packages, entered by their public API: ${crossings.length} crossings`);
for (const line of crossings) console.info(`  CROSSING ${line}`);
const cycles = importCycles(REPO_ROOT);
console.info(`files, no import cycle: ${cycles.length} cycles`);
for (const cycle of cycles) console.info(`  CYCLE ${cycle.round}`);
broken ||= crossings.length > 0 || cycles.length > 0;

process.exitCode = broken ? 1 : 0;
