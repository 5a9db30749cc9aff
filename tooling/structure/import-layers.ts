import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from '@typescript/typescript6';

/*
 * The structure drawn from the imports (issue 32). Inside the page server and the host, each
 * file sits on a floor, and an import may only go to its own floor or one below: a request's
 * path (server → render → services → http) and a browser load's (bootstrap → router → page →
 * slots) read top-down. Inside a slice, one layer (`src/app/`) composes the features, and
 * features never import each other: what two of them share lives below them all, in
 * `src/lib/` or `src/components/` (issue 47).
 */

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const SOURCE = /\.(ts|tsx)$/;
/** Tests and their helpers compose any floors they need. */
const NOT_DRAWN = /(\.test\.tsx?$|\.d\.ts$|(^|\/)testing\/)/;

/** Every source file under `folder` (relative to `root`), tests and test helpers left out. */
export function sourceFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('dist')) walk(child);
      } else if (SOURCE.test(entry.name) && !NOT_DRAWN.test(child)) {
        found.push(child);
      }
    }
  };
  walk(folder);
  return found.sort();
}

/** The files a file imports by relative path, as paths relative to `root` (no extension). */
export function relativeImports(root: string, file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.posix.join(path.posix.dirname(file), specifier));
}

export interface Floor {
  name: string;
  /** Path prefixes (relative to the package) of the files on this floor. */
  holds: readonly string[];
}

/** The page server's floors, top first. The order is the rule; the check draws it from the files. */
export const PAGE_SERVER_FLOORS: readonly Floor[] = [
  {
    name: 'server entry',
    holds: [
      'src/serve-page-server.ts',
      'src/serve-render-service.ts',
      'src/dev-gateway.ts',
      'src/inspector-guard.ts',
    ],
  },
  { name: 'server app', holds: ['src/page-server-app.ts'] },
  { name: 'server render', holds: ['src/render/'] },
  { name: 'server services', holds: ['src/session/', 'src/telemetry/', 'src/releases/'] },
  { name: 'server config', holds: ['src/host-check.ts', 'src/renamed-variables.ts'] },
  { name: 'http', holds: ['src/http/'] },
];

/** The host's floors, top first. */
export const HOST_FLOORS: readonly Floor[] = [
  {
    name: 'page server entries',
    holds: ['src/app/server-render.ts'],
  },
  {
    name: 'browser entry',
    holds: ['src/start/', 'src/index.ts', 'src/start-in-steps.ts', 'src/bootstrap.tsx'],
  },
  { name: 'router', holds: ['src/app/router.tsx', 'src/app/router-library.ts'] },
  { name: 'layouts', holds: ['src/app/layouts/'] },
  { name: 'pages', holds: ['src/app/pages/'] },
  { name: 'page parts', holds: ['src/app/components/', 'src/app/middleware/'] },
  {
    name: 'app frame',
    holds: [
      'src/app/app-providers.tsx',
      'src/app/page-audience.tsx',
      'src/app/render-to-html.ts',
      'src/app/shell-fallback.tsx',
    ],
  },
  { name: 'slots', holds: ['src/slots/'] },
  { name: 'federation', holds: ['src/federation/'] },
  { name: 'signals', holds: ['src/telemetry/', 'src/chunk-reload/'] },
  { name: 'words and lib', holds: ['src/words/', 'src/lib/'] },
];

const floorOf = (floors: readonly Floor[], file: string): number =>
  floors.findIndex((floor) => floor.holds.some((prefix) => file.startsWith(prefix)));

const withoutExtension = (file: string) => file.replace(/\.(tsx?|cjs|mjs|js)$/, '');

export interface LayerReport {
  /** Files on no floor: each must be placed, or the rule says nothing of them. */
  unplaced: string[];
  /** Imports that climb: `from → to (floor → floor)`. */
  upward: string[];
  /** Floor to floor, as drawn: `floor → floor`. */
  edges: string[];
}

/** Checks a package's files against its floors (paths relative to `packageRoot`). */
export function checkFloors(packageRoot: string, floors: readonly Floor[]): LayerReport {
  const folders = [...new Set(floors.flatMap((floor) => floor.holds.map((p) => p.split('/')[0])))];
  const files = folders.flatMap((folder) => sourceFiles(packageRoot, folder ?? ''));
  const floorOfImport = new Map(
    files.map((file) => [withoutExtension(file), floorOf(floors, file)]),
  );
  const report: LayerReport = { unplaced: [], upward: [], edges: [] };
  const edges = new Set<string>();
  for (const file of files) {
    const from = floorOf(floors, file);
    if (from < 0) {
      report.unplaced.push(file);
      continue;
    }
    for (const target of relativeImports(packageRoot, file)) {
      const to = floorOfImport.get(withoutExtension(target)) ?? floorOf(floors, target);
      if (to < 0 || to === from) continue;
      const line = `${floors[from]?.name} → ${floors[to]?.name}`;
      edges.add(line);
      if (to < from) report.upward.push(`${file} → ${target} (${line})`);
    }
  }
  report.edges = [...edges].sort();
  return report;
}

/**
 * The node a slice's file is drawn as: a feature, a common folder (app, components, lib), or a
 * file at the slice's root by its name (its entry, `index.ts`, and its words, `ka-*.ts`, are
 * different floors: one loads the composing layer, the other is below them all).
 */
function sliceNodeOf(file: string): string {
  const feature = /^src\/features\/([^/]+)\//.exec(file);
  if (feature) return `features/${feature[1]}`;
  const common = /^src\/([^/]+)\//.exec(file);
  return common ? (common[1] ?? 'src') : file.replace(/\.(tsx?|cjs|mjs|js)$/, '');
}

/** What composes a slice's features: its one layer and the entry that loads it. */
const COMPOSERS = new Set(['app', 'src/index']);
const isFeature = (node: string) => node.startsWith('features/');

export interface FeatureReport {
  /** Folder to folder, as drawn: `from → to`. */
  edges: string[];
  /** Each loop found, as the folders it runs through. */
  loops: string[][];
  /** A feature that imports another feature: what they share belongs in lib or components. */
  across: string[];
  /** Parts below the features (components, lib, the words) that import a feature or the app. */
  upward: string[];
}

/** Draws a slice's folders, and names every loop, every feature-to-feature import and every climb. */
export function checkFeatures(sliceRoot: string): FeatureReport {
  const graph = new Map<string, Set<string>>();
  const across: string[] = [];
  const upward: string[] = [];
  for (const file of sourceFiles(sliceRoot, 'src')) {
    const from = sliceNodeOf(file);
    for (const target of relativeImports(sliceRoot, file)) {
      const to = sliceNodeOf(target);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)?.add(to);
      if (isFeature(from) && isFeature(to)) across.push(`${file} → ${target}`);
      else if (!COMPOSERS.has(from) && (isFeature(to) || to === 'app')) {
        upward.push(`${file} → ${target}`);
      }
    }
  }
  const edges = [...graph].flatMap(([from, tos]) => [...tos].map((to) => `${from} → ${to}`));
  return { edges: edges.sort(), loops: loopsOf(graph), across, upward };
}

/** The strongly connected parts of more than one folder (Tarjan), each a loop to break. */
export function loopsOf(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1) loops.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops;
}

export const SLICES = ['remote-home', 'remote-account', 'remote-loans'] as const;
