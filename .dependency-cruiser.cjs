/**
 * The import rules (decision 030), checked by dependency-cruiser: `pnpm structure` fails on a
 * forbidden import, `tooling/structure/import-rules.test.ts` breaks each rule on a small tree.
 * Paths are relative to the workspace root; a rule's `$1` is the package its `from` matched.
 */

/** Tests and their helpers compose whatever they need. */
const TESTS = ['\\.(test|spec)\\.tsx?$', '(^|/)testing/', '\\.d\\.ts$', '^e2e/'];
const APPS = '(host|page-server|release-contract|remote-[^/]+)/';

/**
 * Each program's floors, top first: an import goes to its own floor or one below, so a request
 * (server → render → services → http) and a browser load (bootstrap → router → page → slots)
 * read top-down. A floor is path prefixes inside the package; the first floor a file matches
 * is its own, so a floor may also be the rest of a folder. Adding a floor is one line here.
 */
const FLOORS = {
  'page-server/': [
    [
      'src/serve-page-server.ts',
      'src/serve-render-service.ts',
      'src/dev-gateway.ts',
      'src/inspector-guard.ts',
    ],
    ['src/page-server-app.ts'],
    ['src/render/'],
    ['src/session/', 'src/telemetry/', 'src/releases/'],
    ['src/host-check.ts', 'src/renamed-variables.ts'],
    ['src/http/'],
  ],
  'host/': [
    ['src/server/', 'src/app/server-render.ts'],
    ['src/start/', 'src/index.ts', 'src/start-in-steps.ts', 'src/bootstrap.tsx'],
    ['src/app/router.tsx', 'src/app/router-library.ts'],
    ['src/app/layouts/'],
    ['src/app/pages/'],
    ['src/app/components/', 'src/app/middleware/'],
    [
      'src/app/app-providers.tsx',
      'src/app/page-audience.tsx',
      'src/app/render-to-html.ts',
      'src/app/shell-fallback.tsx',
    ],
    ['src/slots/'],
    ['src/federation/'],
    ['src/telemetry/', 'src/chunk-reload/'],
    ['src/words/', 'src/lib/'],
  ],
  // A slice: one layer composes the features (issue 47); what they share lies below them all.
  'remote-[^/]+/': [['src/index.ts', 'src/app/'], ['src/features/'], ['src/']],
};

const literally = (prefix) => prefix.replace(/[.]/g, '\\.');
const under = (pkg, prefixes) => prefixes.map((prefix) => `^${pkg}${literally(prefix)}`);

/** One rule per floor: nothing on it imports a floor above. */
const floorRules = Object.entries(FLOORS).flatMap(([pkg, floors]) =>
  floors.slice(1).map((floor, index) => {
    const above = floors.slice(0, index + 1).flat();
    return {
      name: 'no-import-up-a-floor',
      comment: `${pkg}: an import goes to its own floor or one below (decision 030)`,
      severity: 'error',
      from: { path: under(pkg, floor), pathNot: [...under(pkg, above), ...TESTS] },
      to: { path: under(pkg, above) },
    };
  }),
);

module.exports = {
  forbidden: [
    ...floorRules,
    {
      name: 'no-program-file-off-its-floors',
      comment: 'A file on no floor is one the floor rule says nothing of: place it.',
      severity: 'error',
      from: {},
      module: {
        path: '^(host|page-server)/src/.+\\.tsx?$',
        pathNot: [
          ...Object.entries(FLOORS).flatMap(([pkg, floors]) => under(pkg, floors.flat())),
          ...TESTS,
        ],
        numberOfDependentsMoreThan: 0,
      },
    },
    {
      name: 'no-feature-to-feature',
      comment:
        'Features never import each other: what two share belongs in src/lib, src/components or src/hooks.',
      severity: 'error',
      from: { path: '^(remote-[^/]+)/src/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^$1/src/features/', pathNot: '^$1/src/features/$2/' },
    },
    {
      name: 'no-slice-to-another-app',
      comment:
        'A slice reaches the host and its siblings only through federation: of the apps it imports shared alone.',
      severity: 'error',
      from: { path: '^(remote-[^/]+)/' },
      to: { path: `^${APPS}`, pathNot: '^$1/' },
    },
    {
      name: 'no-host-to-slice-source',
      comment:
        'The host and its servers know a slice only by its manifest (loadRemote), never by source.',
      severity: 'error',
      from: { path: '^(host|page-server|release-contract)/' },
      to: { path: '^remote-' },
    },
    {
      name: 'no-rollout-to-page-render',
      comment:
        "A release is published without the page server's render code: the rollout and nginx write pages from release-contract's page document (decision 046).",
      severity: 'error',
      from: { path: '^deploy/(rollout|nginx)/', pathNot: TESTS },
      to: { path: '^page-server/src/render/', reachable: true },
    },
    {
      name: 'no-shared-to-app',
      comment:
        'Apps depend on shared, never the reverse: shared is the one package two slices import.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: `^${APPS}` },
    },
    {
      name: 'no-relative-import-inside-shared',
      comment:
        "Inside shared, modules import each other as 'shared/…': a relative import bypasses federation and gives each app its own copy (decision 006).",
      severity: 'error',
      from: { path: '^shared/src/', pathNot: TESTS },
      to: { dependencyTypes: ['local'], pathNot: '\\.css$' },
    },
    {
      name: 'no-session-above-the-client',
      comment:
        'shared/session is below the API client: the client reads the session, the auth store sits above both.',
      severity: 'error',
      from: { path: '^shared/src/session/', pathNot: TESTS },
      to: { path: '^shared/src/(api|auth|query)/' },
    },
    {
      name: 'no-runtime-to-tooling',
      comment:
        'tooling is build and test code (decision 010): only build and check configs, tooling itself and tests import it.',
      severity: 'error',
      from: {
        pathNot: [
          '(^|/)[^/]*(rspack|vitest|playwright)[^/]*\\.config\\.ts$',
          '^tooling/',
          ...TESTS,
        ],
      },
      to: { path: '^tooling/' },
    },
    {
      name: 'no-relative-import-out-of-its-package',
      comment: 'A package is entered by its name and exports, not by a path that climbs out of it.',
      severity: 'error',
      from: { path: '^([^/]+)/' },
      to: { dependencyTypes: ['local'], pathNot: '^$1/' },
    },
    {
      name: 'no-import-past-exports-or-undeclared',
      comment:
        "A package's insides (src/, server/) are reached only by what its exports declare, and only from a package that lists it: pnpm links only declared dependencies, so either fails to resolve.",
      severity: 'error',
      from: {},
      // ssr-shared-scope is the server build's alias (tooling/rspack/server-config.ts).
      to: { couldNotResolve: true, pathNot: '^ssr-shared-scope$' },
    },
    {
      name: 'no-undeclared-package',
      comment: 'A registry package is imported only by a package that declares it.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'no-import-of-a-program-without-exports',
      comment: 'e2e and bench declare no exports: they are programs, nothing imports their files.',
      severity: 'error',
      from: { path: '^([^/]+)/' },
      to: { path: '^(e2e|bench)/', pathNot: '^$1/' },
    },
    {
      name: 'no-cycle',
      comment:
        'A reader who follows the imports never comes back where they started; type-only imports count (issue 47).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // What builds, servers and test runs write is not source.
    exclude: {
      path: '(^|/)(dist[^/]*|test-results[^/]*|playwright-report|results|\\.(?!pnpm/)[^/]+)/',
    },
    // Type-only imports are imports: they count for cycles.
    tsPreCompilationDeps: true,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
