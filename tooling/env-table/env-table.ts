import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EnvVariable } from 'release-contract/apps-variables';

/*
 * docs/configuration.md, written from the tables the configuration readers declare their
 * variables in (`pnpm env:table`), and the check that each reader reads only what a table
 * declares and each table declares only what its readers read. The tables are data modules of
 * their packages, loaded by path as the docs' checks read files: the writer runs none of the
 * servers.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CONFIGURATION_DOC = 'docs/configuration.md';

export interface Section {
  title: string;
  /** The module declaring the table, relative to the root, and its export. */
  table: { module: string; name: string };
  /** The files that read these variables from the environment. */
  readers: readonly string[];
}

export const SECTIONS: readonly Section[] = [
  {
    title: 'Apps, ports and origins (every server, `release-contract/src/apps.ts`)',
    table: { module: 'release-contract/src/apps-variables.ts', name: 'APPS_VARIABLES' },
    readers: [
      'release-contract/src/apps.ts',
      'release-contract/src/origins.ts',
      'release-contract/src/proxies.ts',
    ],
  },
  {
    title: 'The page server',
    table: { module: 'release-contract/src/config-variables.ts', name: 'PAGE_SERVER_VARIABLES' },
    readers: [
      'release-contract/src/config-from-env.ts',
      'page-server/src/serve-page-server.ts',
      'page-server/src/releases/releases-source.ts',
      'page-server/src/dev-gateway.ts',
      'page-server/src/page-server-app.ts',
      'page-server/src/session/session-keys.ts',
      'page-server/src/render/worker-user.ts',
      'page-server/src/render/worker-memory.ts',
      'page-server/src/render/render-service-address.ts',
      'tooling/bin/with-proxy-secret.mjs',
    ],
  },
  {
    title: "A slice's render service (`serve-render-service`, in a cluster)",
    table: {
      module: 'release-contract/src/config-variables.ts',
      name: 'RENDER_SERVICE_VARIABLES',
    },
    readers: ['page-server/src/serve-render-service.ts'],
  },
  {
    title: 'The sandbox API',
    table: { module: 'sandbox-api/src/config.ts', name: 'SANDBOX_VARIABLES' },
    readers: ['sandbox-api/src/config.ts', 'sandbox-api/src/server.ts'],
  },
  {
    title: 'Deploy (nginx and the rollout)',
    table: { module: 'deploy/nginx/deploy-variables.ts', name: 'DEPLOY_VARIABLES' },
    readers: [
      'deploy/nginx/nginx-binary.ts',
      'deploy/nginx/cli.ts',
      'deploy/nginx/site.ts',
      'deploy/deploy-paths.ts',
      'deploy/rollout/commands.ts',
      'deploy/rollout/deployed-store.ts',
      'deploy/observability/prometheus-api.ts',
      'deploy/rollout/release-origin.ts',
      'deploy/rollout/releases.ts',
    ],
  },
  {
    title: 'The e2e suite',
    table: { module: 'e2e/utils/e2e-variables.ts', name: 'E2E_VARIABLES' },
    readers: ['e2e/playwright.config.ts', 'e2e/utils/chromium.ts', 'e2e/utils/firefox.ts'],
  },
  {
    title: 'The pipelines (`pnpm slice`)',
    table: { module: 'tooling/slices/slice-variables.ts', name: 'SLICE_VARIABLES' },
    readers: [
      'tooling/slices/build-cache.ts',
      'tooling/slices/slice-cli.ts',
      'tooling/slices/own-machine.ts',
    ],
  },
];

/** Read by the readers but the system's, not the product's: never in the table. */
const NOT_THE_PRODUCTS = new Set(['PATH', 'NODE_OPTIONS']);

export async function loadTable(root: string, section: Section): Promise<readonly EnvVariable[]> {
  const loaded = (await import(
    pathToFileURL(path.join(root, section.table.module)).href
  )) as Record<string, readonly EnvVariable[] | undefined>;
  const table = loaded[section.table.name];
  if (!table) throw new Error(`${section.table.module} exports no ${section.table.name}`);
  return table;
}

/**
 * The variables a reader's text reads by name: `env.NAME`, `env['NAME']`, or a name handed to
 * a reading helper with the environment (`secondsFromEnv(env, 'NAME', …)`).
 */
export function variablesRead(text: string): string[] {
  const patterns = [
    /\benv\.([A-Z][A-Z0-9_]+)\b/g,
    /\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
    /\(\s*env\s*,\s*['"]([A-Z][A-Z0-9_]+)['"]/g,
  ];
  const names = patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1] ?? ''));
  return [...new Set(names)].filter((name) => !NOT_THE_PRODUCTS.has(name)).sort();
}

const cell = (text: string) => text.replaceAll('|', '\\|');
/** A default that is one value is code; a sentence ("unset: …") is not. */
const asDefault = (text: string) =>
  text === 'unset' || text.includes('`') || text.includes(' ') ? text : `\`${text}\``;

/** docs/configuration.md from the tables. */
export function configurationDoc(tables: readonly (readonly EnvVariable[])[]): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Written by `pnpm env:table` from the tables the configuration readers declare; do not edit. -->',
    '',
    'Every environment variable the product reads, by the part that reads it. Each reader reads',
    'only what its table declares; `pnpm --filter tooling test` fails when this page is stale.',
  ];
  SECTIONS.forEach((section, index) => {
    lines.push(
      '',
      `## ${section.title}`,
      '',
      '| variable | default | meaning |',
      '| --- | --- | --- |',
    );
    for (const variable of tables[index] ?? []) {
      const names = variable.names.map((name) => `\`${name}\``).join(', ');
      lines.push(`| ${names} | ${cell(asDefault(variable.default))} | ${cell(variable.meaning)} |`);
    }
  });
  return `${lines.join('\n')}\n`;
}

export async function writtenConfigurationDoc(root = REPO_ROOT): Promise<string> {
  return configurationDoc(await Promise.all(SECTIONS.map((section) => loadTable(root, section))));
}

/**
 * Drift between the readers and the tables: a variable a reader reads that no table declares,
 * and one a section declares that none of its readers reads (a name made from a remote's folder
 * is read through `RemoteApp`, not by name: only those with a literal name are checked).
 */
export async function drift(root = REPO_ROOT): Promise<string[]> {
  const tables = await Promise.all(SECTIONS.map((section) => loadTable(root, section)));
  const declared = new Set(tables.flat().flatMap((variable) => variable.names));
  const found: string[] = [];
  SECTIONS.forEach((section, index) => {
    const read = new Set(
      section.readers.flatMap((reader) =>
        variablesRead(readFileSync(path.join(root, reader), 'utf8')),
      ),
    );
    for (const name of read) {
      if (!declared.has(name)) found.push(`${name}: read by ${section.title}, in no table`);
    }
    const texts = section.readers.map((reader) => readFileSync(path.join(root, reader), 'utf8'));
    for (const variable of tables[index] ?? []) {
      for (const name of variable.names) {
        if (
          !read.has(name) &&
          !texts.some((text) => text.includes(name)) &&
          !/^REMOTE_/.test(name)
        ) {
          found.push(`${name}: in ${section.table.name}, read by none of its readers`);
        }
      }
    }
  });
  return found;
}
