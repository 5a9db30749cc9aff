/**
 * biome.json, written from here: Biome's overrides replace a rule's options rather than merge
 * them, so a folder under two overrides must list every import rule again. Here each rule is
 * written once and each part of the tree names the rules it is under; `pnpm lint:config`
 * writes biome.json, and a test fails when the two differ.
 */

interface ImportRule {
  group: readonly string[];
  message: string;
  /** Only these imported names (a regular expression), not the whole module. */
  importNamePattern?: string;
}

const APPS = [
  'host',
  'host/**',
  '**/host/**',
  'page-server',
  'page-server/**',
  'release-contract',
  'release-contract/**',
  'remote-*',
  'remote-*/**',
  '**/remote-*/**',
];

/** Every import rule of the house (decision 010 and the ones named), each once. */
const RULES = {
  sharedImportsNoApp: {
    group: [
      'host',
      'host/*',
      'page-server',
      'page-server/*',
      'release-contract',
      'release-contract/*',
      'remote-*',
      'remote-*/**',
      '**/host/**',
      '**/remote-*/**',
    ],
    message: 'shared imports no app: apps depend on shared, never the reverse.',
  },
  hostNotRemoteSource: {
    group: ['remote-*', 'remote-*/**', '**/remote-*/**'],
    message: 'The host reaches remotes only through federation (loadRemote), never by source.',
  },
  remoteImportsOnlyShared: {
    group: APPS,
    message: 'A remote imports only shared: never the host or a sibling remote.',
  },
  noTooling: {
    group: ['tooling', 'tooling/**'],
    message: 'tooling is build and test code: no browser bundle imports it (decision 010).',
  },
  zodThroughTheFacade: {
    group: ['zod', 'zod/**'],
    message:
      "Validate with `import * as z from 'shared/validation/zod'`: one zod per page, zod/mini from the host (decision 014).",
  },
  routerThroughTheDoor: {
    group: ['react-router', 'react-router/**', 'react-router-dom', 'react-router-dom/**'],
    message:
      "A slice reaches the host's router through shared/navigation/router: react-router is not shared, a direct import would be a second router (decision 014).",
  },
  sharedBySelfReference: {
    group: ['./**', '../**', '!**/*.css'],
    message:
      "Inside shared, import other modules as 'shared/...': a relative import bypasses federation and gives each app its own copy (two ApiError classes, two axios instances).",
  },
  writesThroughUseWrite: {
    group: ['@tanstack/react-query'],
    importNamePattern: 'useMutation',
    message:
      'Every write goes through shared/query/use-write: useMutation with the one guard against a double submit.',
  },
  sessionBelowTheClient: {
    group: ['shared/api/**', 'shared/auth/**', 'shared/query/**'],
    message:
      'shared/session is below the API client: the client reads the session, the auth store above both (imports run one way).',
  },
} satisfies Record<string, ImportRule>;

type RuleName = keyof typeof RULES;

const REMOTE_FOLDERS = ['remote-home', 'remote-account', 'remote-loans'];
const TESTS = ['!**/*.test.ts', '!**/*.test.tsx'];
/** What every module of shared's runtime keeps to; its parts add their own. */
const SHARED_RUNTIME: readonly RuleName[] = [
  'sharedImportsNoApp',
  'sharedBySelfReference',
  'noTooling',
  'zodThroughTheFacade',
];

/** Each part of the tree and the import rules it is under, the narrower after the wider. */
const PARTS: readonly { includes: readonly string[]; rules: readonly RuleName[] }[] = [
  { includes: ['shared/**'], rules: ['sharedImportsNoApp'] },
  { includes: ['host/**'], rules: ['hostNotRemoteSource'] },
  { includes: ['page-server/**'], rules: ['hostNotRemoteSource'] },
  { includes: ['release-contract/**'], rules: ['hostNotRemoteSource', 'zodThroughTheFacade'] },
  {
    includes: ['host/src/**'],
    rules: ['hostNotRemoteSource', 'noTooling', 'zodThroughTheFacade', 'writesThroughUseWrite'],
  },
  { includes: REMOTE_FOLDERS.map((folder) => `${folder}/**`), rules: ['remoteImportsOnlyShared'] },
  {
    includes: REMOTE_FOLDERS.map((folder) => `${folder}/src/**`),
    rules: ['remoteImportsOnlyShared', 'noTooling', 'zodThroughTheFacade', 'writesThroughUseWrite'],
  },
  {
    // Tests and their helpers (`testing/`) render slices in a router of their own.
    includes: [...REMOTE_FOLDERS.map((folder) => `${folder}/src/**`), ...TESTS, '!**/testing/**'],
    rules: [
      'remoteImportsOnlyShared',
      'noTooling',
      'routerThroughTheDoor',
      'zodThroughTheFacade',
      'writesThroughUseWrite',
    ],
  },
  {
    includes: [
      'shared/src/**',
      ...TESTS,
      '!shared/src/testing/**',
      '!shared/src/validation/zod.ts',
    ],
    rules: [...SHARED_RUNTIME, 'writesThroughUseWrite'],
  },
  {
    // The one module that may.
    includes: ['shared/src/query/use-write.ts'],
    rules: SHARED_RUNTIME,
  },
  {
    includes: ['shared/src/session/**', ...TESTS],
    rules: [...SHARED_RUNTIME, 'writesThroughUseWrite', 'sessionBelowTheClient'],
  },
  {
    includes: ['shared/src/**/*.test.ts', 'shared/src/**/*.test.tsx', 'shared/src/testing/**'],
    rules: ['sharedImportsNoApp', 'zodThroughTheFacade'],
  },
];

const BASE = {
  $schema: './node_modules/@biomejs/biome/configuration_schema.json',
  vcs: { enabled: true, clientKind: 'git', useIgnoreFile: true },
  files: {
    includes: [
      '**',
      '!**/dist',
      '!**/dist-server',
      '!**/dist-ssr',
      '!.nginx',
      '!**/node_modules',
      '!**/test-results',
      '!**/playwright-report',
      '!**/.e2e-tmp',
      '!**/public/index.html',
      '!tooling/rspack/remote-page.html',
      '!bench/results',
      '!bench/.generated',
      // Written by pnpm api:report, compared byte for byte with what it writes.
      '!shared/api-report.md',
    ],
  },
  formatter: { enabled: true, indentStyle: 'space', indentWidth: 2, lineWidth: 100 },
  javascript: { formatter: { quoteStyle: 'single', semicolons: 'always', trailingCommas: 'all' } },
  css: { parser: { cssModules: true } },
  linter: {
    enabled: true,
    rules: {
      preset: 'recommended',
      suspicious: {
        noExplicitAny: 'error',
        noConsole: { level: 'error', options: { allow: ['error', 'warn', 'info'] } },
        noImportCycles: 'error',
      },
      style: { noNonNullAssertion: 'error' },
      nursery: {},
    },
  },
};

/** biome.json as it must be. */
export function biomeConfig() {
  return {
    ...BASE,
    overrides: PARTS.map((part) => ({
      includes: part.includes,
      linter: {
        rules: {
          style: {
            noRestrictedImports: {
              level: 'error',
              options: { patterns: part.rules.map((name) => RULES[name]) },
            },
          },
        },
      },
    })),
  };
}

/** The file's text, as `JSON.stringify` writes it and Biome's formatter keeps it. */
export const biomeJson = () => `${JSON.stringify(biomeConfig(), null, 2)}\n`;
