/*
 * The pipelines a change can run (decision 039): one per slice, which its team runs alone before
 * `rollout release`, and the platform's (the host, the page server, the deployment, the
 * sandbox and the tools every app is built with). `pnpm test` is all four at once.
 */

export const SLICES = ['remote-home', 'remote-account', 'remote-loans'] as const;
export type Slice = (typeof SLICES)[number];
export type Pipeline = Slice | 'platform';
export const PIPELINES: readonly Pipeline[] = [...SLICES, 'platform'];

export const isPipeline = (name: string): name is Pipeline =>
  (PIPELINES as readonly string[]).includes(name);

/** The workspace packages each pipeline typechecks, lints and unit-tests: its team's own. */
export const PACKAGES_OF: Record<Pipeline, readonly string[]> = {
  'remote-home': ['remote-home'],
  'remote-account': ['remote-account'],
  'remote-loans': ['remote-loans'],
  platform: [
    'host',
    'page-server',
    'release-contract',
    'shared',
    'tooling',
    'deploy',
    'sandbox-api',
    'e2e',
    'bench',
  ],
};

/**
 * The tag of a slice's e2e tests (e2e/utils/tags.ts): a test in a spec that walks several
 * slices carries the tag of each slice whose change it exercises.
 */
export const SLICE_TAGS: Record<Slice, string> = {
  'remote-home': '@home',
  'remote-account': '@account',
  'remote-loans': '@loans',
};

/** The name a spec gives a slice's tag (`{ tag: [HOME] }`), as the CLI finds it in a changed spec. */
export const SLICE_TAG_NAMES: Record<Slice, string> = {
  'remote-home': 'HOME',
  'remote-account': 'ACCOUNT',
  'remote-loans': 'LOANS',
};

/**
 * The e2e specs (e2e/tests) a slice owns whole: every test in them is that slice's. The rest of
 * a slice's e2e tests are tagged in specs that walk several. The platform's pipeline runs
 * every spec: the host, the page server and `shared` are under every slice's flows.
 */
export const SPECS_OF: Record<Slice, readonly string[]> = {
  'remote-home': ['calculator'],
  'remote-account': ['account-phone', 'account-session', 'account-verification'],
  'remote-loans': ['failure-injection-loans', 'loans', 'payment'],
};

/** Playwright's --grep for a slice's e2e tests: its specs by file, the rest by tag. */
export function e2eGrepOf(slice: Slice): string {
  const files = SPECS_OF[slice].map((spec) => `${spec}\\.spec\\.ts`);
  return `(^|[\\s/])(${files.join('|')})\\b|${SLICE_TAGS[slice]}\\b`;
}

/** A workspace package and the workspace packages it depends on, as pnpm reads them. */
export interface WorkspacePackage {
  name: string;
  dependsOn: readonly string[];
}

/**
 * The edges of the graph a pipeline does not follow:
 * - a remote depends on the page server only for the static server its build bundles to be
 *   served alone (`serve-remote`), which no customer meets (nginx or the release origin serves
 *   releases): the page server's change is the platform's to test;
 * - the platform's e2e and bench packages depend on every slice to drive and measure them: a
 *   slice's change is its own pipeline's to test, against the platform as it is.
 */
function follows(pipeline: Pipeline, dependency: string): boolean {
  if (pipeline === 'platform') return !(SLICES as readonly string[]).includes(dependency);
  return dependency !== 'page-server';
}

/** Every package whose change can change what `pipeline`'s own packages are built or run with. */
export function inputsOf(pipeline: Pipeline, workspace: readonly WorkspacePackage[]): Set<string> {
  const byName = new Map(workspace.map((pkg) => [pkg.name, pkg]));
  const inputs = new Set<string>();
  const visit = (name: string) => {
    if (inputs.has(name)) return;
    inputs.add(name);
    for (const dependency of byName.get(name)?.dependsOn ?? []) {
      if (follows(pipeline, dependency)) visit(dependency);
    }
  };
  for (const name of PACKAGES_OF[pipeline]) visit(name);
  return inputs;
}

/** What a change touched: the packages pnpm names (`--filter "[base]"`) and the e2e specs. */
export interface Change {
  packages: readonly string[];
  /** The e2e specs it changed, each with the slice tags it uses (`payment`: e2e/tests/payment.spec.ts). */
  specs: readonly { name: string; tags: readonly Slice[] }[];
  /** Whether it changed e2e files other than specs (fixtures, utils, configs) or the root's. */
  shared: boolean;
}

/**
 * The pipelines a change runs: those whose inputs it touches. A spec is the platform's and the
 * slices' that own it or tag its tests; the e2e suite's own helpers and the root's files (the
 * lockfile, the base configs) are everyone's.
 */
export function affectedPipelines(
  change: Change,
  workspace: readonly WorkspacePackage[],
): Pipeline[] {
  if (change.shared) return [...PIPELINES];
  const packages = change.packages.filter((name) => name !== 'e2e');
  return PIPELINES.filter((pipeline) => {
    const inputs = inputsOf(pipeline, workspace);
    return (
      packages.some((name) => inputs.has(name)) ||
      change.specs.some(
        (spec) =>
          pipeline === 'platform' ||
          SPECS_OF[pipeline].includes(spec.name) ||
          spec.tags.includes(pipeline),
      )
    );
  });
}
