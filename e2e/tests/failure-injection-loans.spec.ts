import type { Route } from '@playwright/test';
import { kaHost } from 'host/words/ka-host';
import { kaProfile } from 'remote-account/words/ka-profile';
import { kaVerification } from 'remote-account/words/ka-verification';
import { kaCalculator } from 'remote-home/words/ka-calculator';
import { kaApplication } from 'remote-loans/words/ka-application';
import { kaLoans } from 'remote-loans/words/ka-loans';
import { formatMoney } from 'shared/lib/money';
import { format, ka } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { type ExpectedConsoleError, expect, test } from '../fixtures';
import { logInViaUi } from '../utils/account-utils';
import { answeredWith, unanswered } from '../utils/console-utils';
import { buildEditedRemote, deployInto } from '../utils/redeploy-utils';

// Failures in the loans slice injected on purpose (issue 11): a release whose loans overview
// throws while rendering, and a loan application whose submit fails. Each must leave the rest
// of the page working, say what happened in Georgian, recover with a retry, and lose nothing
// the customer chose.

test.describe('a remote that throws while rendering', () => {
  // A seeded customer whose page never changes: unverified, so no loan, no application.
  test.use({ mockedProvider: false });
  const UNVERIFIED = '01001000002';
  const FAULT = 'render fault injected by e2e';

  test('a bad release of the loans overview costs only its slot, which says so and recovers on retry', async ({
    page,
    allowConsoleErrors,
  }) => {
    // It rebuilds remote-loans in production mode: minutes on a busy two-core machine.
    test.setTimeout(240_000);
    // React reports the error its boundary caught on the console: the one place this app
    // reports a render failure (the slot's boundary reports it nowhere else).
    allowConsoleErrors({ text: new RegExp(FAULT) });

    // The release throws in the overview's first line whenever the page is marked for it:
    // this edit exists only in the test's build, never in the product's source.
    const build = buildEditedRemote('remote-loans', [
      {
        file: 'src/app/loans-overview.tsx',
        from: 'export default function LoansOverview() {\n',
        to: `export default function LoansOverview() {\n  if (document.documentElement.dataset.e2eFault === 'render') throw new Error(${JSON.stringify(FAULT)});\n`,
      },
    ]);
    const restore = await deployInto('remote-loans', build);
    try {
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });
      await page.goto('/');
      // A visitor's page has no loans; logging in mounts the overview, which then throws.
      await page.evaluate(() => {
        document.documentElement.dataset.e2eFault = 'render';
      });
      await logInViaUi(page, UNVERIFIED);

      const loans = page.getByRole('region', { name: ka.loans.title });
      await expect(loans.getByRole('alert')).toHaveText(kaHost.remote.unavailable);
      await expect(loans).toContainText(kaHost.remote.unavailableHint);
      await expect(loans.getByRole('heading', { name: ka.loans.title })).toHaveCount(0);
      // Not the whole page: no error page, and every other slot works.
      await expect(page.getByRole('heading', { name: kaHost.errors.genericTitle })).toHaveCount(0);
      const calculator = page.getByRole('region', { name: kaCalculator.title });
      await expect(calculator.locator('output').first()).toHaveText(/\d/);
      await expect(page.getByRole('list', { name: kaVerification.stepsLabel })).toBeVisible();
      // The header's account panel, from another remote, opens and closes.
      await page
        .getByRole('banner')
        .getByRole('button', { name: new RegExp(`^${kaAccountButtons.myAccount}`) })
        .click();
      const panel = page.getByRole('dialog', { name: kaProfile.panelTitle });
      await expect(panel).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      // The fault is gone: the slot's retry renders the overview, without a reload.
      await page.evaluate(() => {
        delete document.documentElement.dataset.e2eFault;
      });
      await loans.getByRole('button', { name: ka.common.retry }).click();
      await expect(loans.getByRole('heading', { name: ka.loans.title })).toBeVisible();
      await expect(loans).toContainText(kaLoans.empty);
      await expect(loans).not.toContainText(kaHost.remote.unavailable);
      expect(loads).toBe(1);
    } finally {
      await restore();
    }
  });
});

test.describe('a half-filled loan application survives a failed submit', () => {
  test.use({ mockedProvider: false });
  // Risk-flagged: each application is decided "rejected", so no loan is issued and no other
  // spec's customer changes, whatever order the suite runs in. A failed submit never reaches
  // the provider at all.
  const RISK_FLAGGED = '01001000005';
  const APPLICATIONS = '/api/loan/loan_application/';
  const AMOUNT = '1500';
  const TERM = 6;

  const submitFailures: {
    name: string;
    offline?: true;
    fail: (route: Route) => Promise<void>;
    says: string;
    logs: ExpectedConsoleError;
  }[] = [
    {
      name: 'the provider failing it with 500',
      fail: (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }),
      says: ka.errors.providerUnavailable,
      logs: answeredWith(500, APPLICATIONS),
    },
    {
      name: 'the host’s proxy answering 502, the provider unreachable',
      fail: (route) =>
        route.fulfill({
          status: 502,
          json: { detail: ka.errors.providerUnavailable, code: 'provider_unavailable' },
        }),
      says: ka.errors.providerUnavailable,
      logs: answeredWith(502, APPLICATIONS),
    },
    {
      name: 'the browser offline',
      offline: true,
      // A routed request is answered before the network: offline, the route must fail it.
      fail: (route) => route.abort('internetdisconnected'),
      says: ka.errors.network,
      logs: unanswered('ERR_INTERNET_DISCONNECTED', APPLICATIONS),
    },
  ];

  for (const failure of submitFailures) {
    test(`${failure.name}: the customer is told in Georgian, keeps every choice, and the same form then goes through`, async ({
      page,
      allowConsoleErrors,
    }) => {
      allowConsoleErrors(failure.logs);
      let failing = false;
      await page.route(`**${APPLICATIONS}`, (route) =>
        failing && route.request().method() === 'POST' ? failure.fail(route) : route.fallback(),
      );
      // Applications the provider accepted: exactly one, however many presses it took.
      let created = 0;
      page.on('response', (response) => {
        const request = response.request();
        if (request.method() === 'POST' && new URL(request.url()).pathname === APPLICATIONS) {
          if (response.status() === 201) created += 1;
        }
      });

      await page.goto('/');
      await logInViaUi(page, RISK_FLAGGED);
      // The customer's choice: an amount typed, a term picked.
      const calculator = page.getByRole('region', { name: kaCalculator.title });
      await calculator.getByLabel(kaCalculator.amountField).fill(AMOUNT);
      await calculator.getByLabel(kaCalculator.amountField).blur();
      const term = format(kaCalculator.months, { count: TERM });
      await calculator.getByRole('radio', { name: term }).check();
      await calculator.getByRole('button', { name: kaCalculator.apply }).click();

      const application = page.getByRole('region', { name: kaApplication.title });
      const chosen = format(kaApplication.chosen, {
        amount: formatMoney(`${AMOUNT}.00`),
        term: format(kaApplication.months, { count: TERM }),
      });
      const sheet = application.getByRole('region', { name: kaApplication.keyTerms.title });
      const accept = application.getByRole('checkbox', { name: kaApplication.contract.accept });
      const submit = application.getByRole('button', { name: kaApplication.contract.submit });
      /** Everything the customer chose is still on the screen. */
      const expectChoicesKept = async () => {
        await expect(application).toContainText(chosen);
        await expect(sheet).toContainText(formatMoney(`${AMOUNT}.00`));
        await expect(sheet).toContainText(format(kaApplication.months, { count: TERM }));
        await expect(accept).toBeChecked();
      };
      await expect(sheet).toContainText(kaApplication.keyTerms.effectiveRate);
      await accept.check();
      await expectChoicesKept();

      failing = true;
      if (failure.offline) await page.context().setOffline(true);
      await submit.click();
      await expect(application.getByRole('alert')).toContainText(failure.says);
      await expectChoicesKept();
      await expect(submit).toBeEnabled();
      // Only the submit failed: the customer's loans beside it are still shown.
      const loans = page.getByRole('region', { name: ka.loans.title });
      await expect(loans.getByRole('heading', { name: ka.loans.title })).toBeVisible();
      await expect(loans).toContainText(kaLoans.empty);

      failing = false;
      if (failure.offline) await page.context().setOffline(false);
      await submit.click();
      await expect(application).toContainText(kaLoans.applicationStatus.pending);
      await expect(application).toContainText(kaApplication.status.rejected, { timeout: 30_000 });
      expect(created).toBe(1);
    });
  }
});
