import type { EnvVariable } from 'release-contract/apps-variables';

/*
 * The variables the e2e suite reads, each with its default and meaning in one line:
 * `pnpm env:table` writes them into docs/configuration.md, and a tooling test fails when a
 * reader reads one not declared. Data only: the docs' writer loads it without Playwright.
 */

export const E2E_VARIABLES: readonly EnvVariable[] = [
  {
    names: ['CHROME_PATH'],
    default: "Debian's headless shell, else `/usr/bin/chromium`, when present",
    meaning: 'the Chromium the e2e suite drives',
  },
  {
    names: ['FIREFOX_PATH'],
    default: '`/usr/bin/firefox-esr`',
    meaning: 'the Firefox the e2e suite drives',
  },
  {
    names: ['E2E_SERVER'],
    default: 'unset: the Node servers',
    meaning: '`nginx` runs the suite against `pnpm start:nginx`',
  },
  {
    names: ['E2E_BUILT'],
    default: 'unset',
    meaning: 'the builds are there: serve them without building again',
  },
  {
    names: ['E2E_SERVED_ELSEWHERE'],
    default: 'unset',
    meaning:
      'a pass through nginx follows (`pnpm test`): the `pnpm serve` pass leaves out the tests tagged `@served`',
  },
  {
    names: ['E2E_SERVERS_UP'],
    default: 'unset',
    meaning: 'the servers are already running: start none',
  },
  {
    names: ['CI'],
    default: 'unset',
    meaning: 'on CI: no `.only`, one retry, no HTML report, and ports already taken are an error',
  },
];
