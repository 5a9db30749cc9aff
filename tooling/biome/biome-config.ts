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

/**
 * Import rules by registry package and imported name, which dependency-cruiser does not see
 * (decision 042): which file may import which is `.dependency-cruiser.cjs`'s (`pnpm structure`).
 */
const RULES = {
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
  writesThroughUseWrite: {
    group: ['@tanstack/react-query'],
    importNamePattern: 'useMutation',
    message:
      'Every write goes through shared/query/use-write: useMutation with the one guard against a double submit.',
  },
} satisfies Record<string, ImportRule>;

type RuleName = keyof typeof RULES;

const REMOTE_FOLDERS = ['remote-home', 'remote-account', 'remote-loans'];
const TESTS = ['!**/*.test.ts', '!**/*.test.tsx'];
/** Each part of the tree and the import rules it is under, the narrower after the wider. */
const PARTS: readonly { includes: readonly string[]; rules: readonly RuleName[] }[] = [
  { includes: ['release-contract/**'], rules: ['zodThroughTheFacade'] },
  {
    includes: ['host/src/**', ...REMOTE_FOLDERS.map((folder) => `${folder}/src/**`)],
    rules: ['zodThroughTheFacade', 'writesThroughUseWrite'],
  },
  {
    // Tests and their helpers (`testing/`) render slices in a router of their own.
    includes: [...REMOTE_FOLDERS.map((folder) => `${folder}/src/**`), ...TESTS, '!**/testing/**'],
    rules: ['routerThroughTheDoor', 'zodThroughTheFacade', 'writesThroughUseWrite'],
  },
  {
    includes: [
      'shared/src/**',
      ...TESTS,
      '!shared/src/testing/**',
      '!shared/src/validation/zod.ts',
    ],
    rules: ['zodThroughTheFacade', 'writesThroughUseWrite'],
  },
  {
    // The one module that may.
    includes: ['shared/src/query/use-write.ts'],
    rules: ['zodThroughTheFacade'],
  },
  {
    includes: ['shared/src/**/*.test.ts', 'shared/src/**/*.test.tsx', 'shared/src/testing/**'],
    rules: ['zodThroughTheFacade'],
  },
  {
    // Tests only: it converts client schemas with zod's toJSONSchema, which no page may carry.
    includes: ['shared/src/testing/provider-contract.ts'],
    rules: [],
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
      // Written by pnpm --filter sandbox-api openapi, compared byte for byte with what it writes.
      '!docs/provider-api.openapi.json',
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
