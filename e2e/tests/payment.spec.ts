// Money that moves (contract v1.3), end to end through the sandbox's bank: a customer pays on
// the bank's own page (another site, 127.0.0.1:4100), comes back to /payment?order=, and the
// loan shows the outcome. Each test makes its own customer and loan. The phone runs those
// outside "on desktop" (where customers pay, in Chromium), desktop Chromium those inside, and
// Firefox those tagged FIREFOX.
import { kaAccount } from 'remote-account/words/ka-account';
import { kaCards } from 'remote-account/words/ka-cards';
import { kaAutopay } from 'remote-loans/words/ka-autopay';
import { kaCardPayment } from 'remote-loans/words/ka-card-payment';
import { kaLoans } from 'remote-loans/words/ka-loans';
import { KA_BANK } from 'sandbox-api/words/ka-bank';
import { toTetri } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import { fillLogin, latestCode, openAccountPanel } from '../utils/account-utils';
import { expectNoCardDataLeft, logLength } from '../utils/card-data-leaks';
import {
  BANK_ORIGIN,
  CARD_EXPIRY,
  cardChoice,
  customerWithLoan,
  expectAxeClean,
  expectBankCharges,
  expectBankPage,
  expectFits,
  expectOutcome,
  expectReturnPage,
  figure,
  goToBank,
  holdLaterOrderReads,
  idleBeyondTheLimit,
  loanCard,
  newestOrderOf,
  nextDueOf,
  nextPayment,
  openCardConfirmation,
  overdueNotice,
  plainSpaces,
  sandboxHelper,
  screenshot,
  startsWith,
  TEST_CARDS,
  textOf,
  threePressesToBank,
  typeCard,
} from '../utils/payment-utils';
import { CUSTOMER_FLOW } from '../utils/tags';

/** A loan 95 days old with one row paid: overdue, with a penalty. */
const OVERDUE_LOAN = { amount: '1500.00', term: 6, daysAgo: 95, paidRows: 1 } as const;

/** In a test's title: the Firefox project runs it (utils/tags). */
const FIREFOX = CUSTOMER_FLOW;

test.use({ mockedProvider: false, offSiteOrigins: [BANK_ORIGIN] });

const o = kaCardPayment.outcome;

/** An amount as tetri, to compare two the page printed. */
const tetriOf = (printed: string) => {
  const tetri = toTetri(plainSpaces(printed).replace(/[\s₾]/g, '').replace(',', '.'));
  if (tetri === null) throw new Error(`not an amount: ${printed}`);
  return tetri;
};

test.describe('at phone width, and in Firefox', () => {
  // Chromium runs these once, at a phone's width: at a laptop's they would prove the same.
  test.skip(
    ({ isMobile, browserName }) => !isMobile && browserName === 'chromium',
    'desktop Chromium runs the flows its width changes, below',
  );

  test(`pays the next instalment on the bank's page with the success card, and comes back to it paid ${FIREFOX}`, async ({
    page,
  }, testInfo) => {
    const { loanId } = await customerWithLoan(page, { amount: '900.00', term: 3, daysAgo: 20 });
    const next = nextPayment(page);
    const outstandingBefore = tetriOf(await textOf(figure(next, kaLoans.next.outstanding)));

    // The confirmation: the amount, and the card — a new one on the bank's page, not saved.
    const amount = await openCardConfirmation(next, {
      open: kaLoans.loan.pay,
      choice: kaLoans.repay.next,
    });
    const choice = cardChoice(next);
    await expect(choice.getByRole('radio', { name: kaCardPayment.newCard })).toBeChecked();
    await expect(choice.getByRole('checkbox', { name: kaCardPayment.saveCard })).not.toBeChecked();
    await expectAxeClean(page, 'the confirmation with the card choice');
    await expectFits(page, [390], 'the confirmation with the card choice');
    await screenshot(page, testInfo, '1-confirmation');

    // The bank's page, on its own origin: the lender, the amount.
    await goToBank(page, next);
    await expectBankCharges(page, amount);
    await expectAxeClean(page, 'the bank’s card page');
    await expectFits(page, [390, 320], 'the bank’s card page');
    await screenshot(page, testInfo, '1-bank');

    const logFrom = logLength();
    const release = await holdLaterOrderReads(page);
    await typeCard(page, TEST_CARDS.succeeds);

    // Back on the client: processing, said in the live region, then the outcome.
    await expectReturnPage(page);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(o.processingText);
    await expect(page.getByRole('heading', { level: 2, name: o.processingTitle })).toBeVisible();
    await expectAxeClean(page, 'the return page while the bank decides');
    await expectFits(page, [390], 'the return page while the bank decides');
    await screenshot(page, testInfo, '1-processing');
    await release();
    // The bank decides by itself here, as it does for customers: every other payment in the
    // suite has it decide as soon as the customer is back on the return page (expectOutcome).
    await expectOutcome(page, o.succeededTitle, { bankDecidesItself: true });
    await expect(page.getByRole('main').getByRole('status')).toHaveText('');
    const outcome = page.getByRole('main');
    expect(plainSpaces(await textOf(figure(outcome, o.paid)))).toBe(amount);
    await expect(figure(outcome, kaLoans.payments.interest)).toHaveText(/₾/);
    await expect(figure(outcome, kaLoans.payments.principal)).toHaveText(/₾/);
    await expect(figure(outcome, o.receiptNumber)).toHaveText(`R-${loanId}-1`);
    await expectAxeClean(page, 'the return page, paid');
    await screenshot(page, testInfo, '1-succeeded');

    // The receipt, as v1.2 shows one.
    await outcome.getByRole('button', { name: o.showReceipt }).click();
    const receipt = outcome.getByRole('region', { name: kaLoans.receipt.title });
    await expect(receipt.getByRole('heading', { name: kaLoans.receipt.title })).toBeFocused();
    await expect(receipt).toContainText(`R-${loanId}-1`);
    await screenshot(page, testInfo, '1-receipt');
    await receipt.getByRole('button', { name: kaLoans.receipt.close }).click();

    // No card data reached the page servers.
    await expectNoCardDataLeft(logFrom, TEST_CARDS.succeeds);

    // Back to the loans: the figures are the provider's now.
    await outcome.getByRole('link', { name: o.toLoans }).click();
    await expect
      .poll(async () => tetriOf(await textOf(figure(nextPayment(page), kaLoans.next.outstanding))))
      .toBeLessThan(outstandingBefore);
  });

  test(`pays the overdue total with the 3-D Secure card: the bank asks for the code it sent ${FIREFOX}`, async ({
    page,
  }, testInfo) => {
    const { customer } = await customerWithLoan(page, OVERDUE_LOAN);
    const notice = overdueNotice(page);
    const amount = await openCardConfirmation(notice, {
      open: kaLoans.overdue.pay,
      choice: kaLoans.repay.totalDue,
    });
    await goToBank(page, notice);
    await expectBankCharges(page, amount);
    await typeCard(page, TEST_CARDS.asksForCode);

    // The code page: the code went to the customer's phone, by SMS (the outbox).
    await expectBankPage(page, KA_BANK.codeTitle);
    await expect(page.getByText(KA_BANK.codeSent(customer.phone.slice(-3)))).toBeVisible();
    await expectAxeClean(page, 'the bank’s code page');
    await expectFits(page, [390, 320], 'the bank’s code page');
    await screenshot(page, testInfo, '2-code');
    // The bank's code page is shown once its SMS is in the outbox: the newest message there.
    await page.getByLabel(KA_BANK.code).fill(await latestCode(customer.phone));
    await page.getByRole('button', { name: KA_BANK.confirm }).click();

    await expectReturnPage(page);
    await expectOutcome(page, o.succeededTitle);
    const outcome = page.getByRole('main');
    expect(plainSpaces(await textOf(figure(outcome, o.paid)))).toBe(amount);
    // What was overdue paid the penalty first.
    await expect(figure(outcome, kaLoans.payments.penalty)).toHaveText(/₾/);
    await screenshot(page, testInfo, '2-succeeded');

    await outcome.getByRole('link', { name: o.toLoans }).click();
    await expect(loanCard(page)).toBeVisible();
    await expect(overdueNotice(page)).toHaveCount(0);
    await expect(loanCard(page)).not.toContainText(kaLoans.status.overdue);
  });

  test(`the back button from the bank's page: the loan shows the payment in progress, and continues at the bank; a second tab pays it; the next instalment then goes to the bank, never to that order's outcome`, async ({
    page,
    context,
  }, testInfo) => {
    await customerWithLoan(page, { amount: '900.00', term: 3, daysAgo: 20 });
    const next = nextPayment(page);
    const outstandingBefore = tetriOf(await textOf(figure(next, kaLoans.next.outstanding)));
    const amount = await openCardConfirmation(next, {
      open: kaLoans.loan.pay,
      choice: kaLoans.repay.next,
    });
    await goToBank(page, next);
    const bank = page.url();

    await page.goBack();
    // The loan, where the customer paid: the payment in progress, and no way to pay again.
    const inProgress = next.getByRole('article', { name: kaCardPayment.inProgress.title });
    await expect(inProgress).toContainText(kaCardPayment.inProgress.created);
    expect(plainSpaces(await textOf(figure(inProgress, kaCardPayment.inProgress.amount)))).toBe(
      amount,
    );
    await expect(figure(inProgress, kaCardPayment.inProgress.since)).not.toBeEmpty();
    await expect(
      inProgress.getByRole('button', { name: kaCardPayment.inProgress.cancel }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: kaLoans.loan.pay })).toHaveCount(0);
    await expect(
      loanCard(page).getByRole('article', { name: kaCardPayment.inProgress.title }),
    ).toBeVisible();
    await expectAxeClean(page, 'the loan with an open order');
    await expectFits(page, [390], 'the loan with an open order');
    await screenshot(page, testInfo, '6-in-progress');

    // A second tab: the same order in progress, no second payment offered; there the customer
    // continues it at the bank and pays.
    const second = await context.newPage();
    await second.goto('/');
    const secondProgress = nextPayment(second).getByRole('article', {
      name: kaCardPayment.inProgress.title,
    });
    await expect(secondProgress).toContainText(kaCardPayment.inProgress.created);
    await expect(second.getByRole('button', { name: kaLoans.loan.pay })).toHaveCount(0);
    await secondProgress.getByRole('link', { name: kaCardPayment.inProgress.continue }).click();
    await expectBankPage(second, KA_BANK.cardTitle);
    expect(second.url()).toBe(bank);
    await typeCard(second, TEST_CARDS.succeeds);
    await expectReturnPage(second);
    await expectOutcome(second, o.succeededTitle);
    await second.close();

    // The first tab updates itself: the loan paid, and payable again.
    await expect(inProgress).toHaveCount(0);
    await expect(next.getByRole('button', { name: kaLoans.loan.pay })).toBeVisible();
    // The order and the loan's figures are answers of their own, each read again as it
    // changed: the figure is waited for as the customer would see it come, not read once.
    await expect
      .poll(async () => tetriOf(await textOf(figure(next, kaLoans.next.outstanding))))
      .toBeLessThan(outstandingBefore);

    // Issue 54's sequence: this tab pressed pay for the order the other tab paid. The next
    // instalment (the same amount, the same new card) is a new attempt: the bank's page of a new
    // order, three presses away — never "paid" for the other tab's order.
    const nextBank = await threePressesToBank(page, next, kaLoans.loan.pay);
    expect(nextBank).not.toBe(bank);
    await expectBankCharges(page, amount);
  });

  test('an order left at the bank expires: the pay button offered again goes to the bank in three presses, from the overdue notice, not to the expired order', async ({
    page,
  }, testInfo) => {
    const { customer } = await customerWithLoan(page, OVERDUE_LOAN);
    const notice = overdueNotice(page);
    const bank = await threePressesToBank(page, notice, kaLoans.overdue.pay);
    const order = await newestOrderOf(customer.personalNumber);
    await sandboxHelper(`/__sandbox/payment_orders/${order}/expire`, {});

    // Back on the site: the notice offers paying again, and the same press is a new attempt.
    await page.goto('/');
    await expect(notice.getByRole('button', { name: kaLoans.overdue.pay })).toBeVisible();
    await screenshot(page, testInfo, '12-after-expiry');
    const again = await threePressesToBank(page, notice, kaLoans.overdue.pay);
    expect(again).not.toBe(bank);
    expect(await newestOrderOf(customer.personalNumber)).not.toBe(order);
  });
});

test.describe('on desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone runs the flows its layout changes');

  test('declined for insufficient funds, then paid with another card saved; paid with the saved card; automatic payment charged, then declined; a card removed', async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const { customer, loanId } = await customerWithLoan(page, {
      amount: '1000.00',
      term: 6,
      daysAgo: 20,
    });
    const card = loanCard(page);
    const main = page.getByRole('main');

    // Declined: the reason in plain Georgian, nothing charged, and a way to try again.
    await openCardConfirmation(card, { open: kaLoans.loan.pay, choice: kaLoans.repay.next });
    await goToBank(page, card);
    await typeCard(page, TEST_CARDS.insufficientFunds);
    await expectReturnPage(page);
    await expectOutcome(page, o.declinedTitle);
    await expect(main).toContainText(o.declined.insufficient_funds);
    await expect(main).toContainText(o.nothingCharged);
    await screenshot(page, testInfo, '3-declined');

    // Paid again from the decline, in place, another card saved (an explicit choice): the
    // form opens on what was declined, and the bank is three presses away.
    await main.getByRole('button', { name: o.tryAgain }).click();
    await expect(main.getByRole('radio', { name: startsWith(kaLoans.repay.next) })).toBeChecked();
    await main.getByRole('button', { name: kaLoans.repay.continue }).click();
    await cardChoice(main).getByRole('checkbox', { name: kaCardPayment.saveCard }).check();
    await goToBank(page, main);
    await typeCard(page, TEST_CARDS.succeeds);
    await expectReturnPage(page);
    await expectOutcome(page, o.succeededTitle);
    await main.getByRole('link', { name: o.toLoans }).click();

    // The saved card pays at once: no bank page, processing, then paid.
    const bankVisits: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin === BANK_ORIGIN) bankVisits.push(request.url());
    });
    await openCardConfirmation(card, { open: kaLoans.loan.pay, choice: kaLoans.repay.next });
    const saved = cardChoice(card).getByRole('radio', { name: /Visa •••• 1111/ });
    await saved.check();
    await expect(card).toContainText(kaCardPayment.savedCardHint);
    await screenshot(page, testInfo, '8-saved-card');
    const release = await holdLaterOrderReads(page);
    await card.getByRole('button', { name: kaCardPayment.payWithCard }).click();
    await expectReturnPage(page);
    await expect(main.getByRole('status')).toHaveText(o.processingText);
    await release();
    await expectOutcome(page, o.succeededTitle);
    expect(bankVisits).toEqual([]);
    await main.getByRole('link', { name: o.toLoans }).click();

    // Automatic payment: its terms read, the saved card chosen, its next charge shown.
    const autopay = card.getByRole('region', { name: kaAutopay.title });
    await autopay.getByRole('button', { name: kaAutopay.turnOn }).click();
    await expect(autopay.getByRole('heading', { name: kaAutopay.whatTitle })).toBeFocused();
    await expect(autopay).toContainText(kaAutopay.when);
    await expect(autopay).toContainText(kaAutopay.stop);
    await expect(autopay.getByRole('radio', { name: /1111/ })).toBeChecked();
    await expectAxeClean(page, 'the automatic payment’s terms');
    await screenshot(page, testInfo, '9-autopay-terms');
    await autopay.getByRole('button', { name: kaAutopay.agree }).click();
    await expect(autopay).toContainText(kaAutopay.turnedOn);
    await expect(autopay).toContainText(kaAutopay.onWithCard);
    await expect(autopay).toContainText(/შემდეგი ჩამოჭრა: .+, \d/);

    // The day's charges: the loan's due date is charged from the saved card.
    const firstRun = await sandboxHelper<{ orders: { purpose: string; status: string }[] }>(
      '/__sandbox/autopay/run',
      { date: await nextDueOf(customer.personalNumber, loanId) },
    );
    expect(firstRun.orders).toMatchObject([{ purpose: 'autopay', status: 'succeeded' }]);
    await page.reload();
    await card.getByText(kaLoans.payments.title, { exact: true }).click();
    // The payment the charge made, of kind autopay, with its receipt.
    await expect(
      card
        .getByRole('listitem')
        .filter({ hasText: kaLoans.payments.kind.autopay })
        .filter({ has: page.getByRole('button', { name: /R-\d+-3/ }) }),
    ).toBeVisible();
    await screenshot(page, testInfo, '9-autopay-paid');

    // A saved card the bank declines: the next day's charge fails, and the customer is told.
    await sandboxHelper(
      `/__sandbox/users/${customer.personalNumber}/cards`,
      { number: TEST_CARDS.insufficientFunds, expires: CARD_EXPIRY },
      201,
    );
    await page.reload();
    await autopay.getByRole('button', { name: kaAutopay.turnOff }).click();
    await expect(autopay).toContainText(kaAutopay.turnedOff);
    await autopay.getByRole('button', { name: kaAutopay.turnOn }).click();
    await autopay.getByRole('radio', { name: /9995/ }).check();
    await autopay.getByRole('button', { name: kaAutopay.agree }).click();
    await expect(autopay).toContainText(kaAutopay.turnedOn);
    const secondRun = await sandboxHelper<{ orders: { status: string; decline_reason: string }[] }>(
      '/__sandbox/autopay/run',
      { date: await nextDueOf(customer.personalNumber, loanId) },
    );
    expect(secondRun.orders).toMatchObject([
      { status: 'declined', decline_reason: 'insufficient_funds' },
    ]);
    await page.reload();
    const failed = card.getByRole('region', { name: kaAutopay.failedTitle });
    await expect(failed).toContainText(o.declined.insufficient_funds);
    // The loan's one pay button pays it: the notice has none of its own.
    await expect(failed.getByRole('button')).toHaveCount(0);
    // Still on: the next day is charged again unless the customer turns it off.
    await expect(autopay.getByRole('button', { name: kaAutopay.turnOff })).toBeVisible();
    const firstScreen = nextPayment(page);
    await expect(firstScreen).toContainText(o.declined.insufficient_funds);
    await screenshot(page, testInfo, '9-autopay-declined');
    await expect(firstScreen.getByRole('button')).toHaveCount(1);
    await firstScreen.getByRole('button', { name: kaLoans.loan.pay }).click();
    await expect(
      firstScreen.getByRole('radio', { name: startsWith(kaLoans.repay.next) }),
    ).toBeVisible();

    // A card removed in the account panel, after the confirmation.
    const panel = await openAccountPanel(page);
    const cards = panel.getByRole('region', { name: kaCards.title });
    const poor = format(kaCards.endingIn, { brand: 'Visa', last4: '9995' });
    await cards.getByRole('button', { name: format(kaCards.removeCard, { card: poor }) }).click();
    await expect(cards).toContainText(format(kaCards.confirmQuestion, { card: poor }));
    await expectAxeClean(page, 'the cards section, confirming a removal');
    await screenshot(page, testInfo, '10-remove-card');
    await cards.getByRole('button', { name: kaCards.confirmRemove }).click();
    await expect(cards).toContainText(format(kaCards.removed, { card: poor }));
    await expect(cards.getByRole('button', { name: new RegExp(poor) })).toHaveCount(0);
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    // The automatic payment it paid is off, as the confirmation said.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(autopay.getByRole('button', { name: kaAutopay.turnOn })).toBeVisible();
  });

  test('three presses to the bank from wherever the customer stands: the home screen, a cancel, an expiry', async ({
    page,
  }, testInfo) => {
    const { customer, loanId } = await customerWithLoan(page, {
      amount: '900.00',
      term: 3,
      daysAgo: 20,
    });
    const next = nextPayment(page);
    const main = page.getByRole('main');

    // From the home screen; then canceled on the bank's page.
    await threePressesToBank(page, next, kaLoans.loan.pay);
    await page.getByRole('button', { name: KA_BANK.cancel }).click();
    await expectReturnPage(page);
    await expectOutcome(page, o.canceledTitle);
    await expect(main).toContainText(o.canceledText);
    await expect(figure(main, kaLoans.receipt.loan)).toContainText(`№${loanId}`);
    await expectAxeClean(page, 'the return page, canceled');
    await screenshot(page, testInfo, '4-canceled');

    // From the cancel; this time the customer leaves the bank's page for the loans.
    await threePressesToBank(page, main, o.tryAgain);
    await page.goto('/');
    const inProgress = next.getByRole('article', { name: kaCardPayment.inProgress.title });
    await expect(inProgress).toBeVisible();
    const order = await newestOrderOf(customer.personalNumber);
    await sandboxHelper(`/__sandbox/payment_orders/${order}/expire`, {});
    // The loan's open order ends (the page asks again while one is open): payable again.
    await expect(inProgress).toHaveCount(0);
    await expect(next.getByRole('button', { name: kaLoans.loan.pay })).toBeVisible();
    await page.goto(`/payment?order=${order}`);
    await expectOutcome(page, o.expiredTitle);
    await expect(main).toContainText(o.expiredText);
    await screenshot(page, testInfo, '5-expired');

    // From the expiry: a new order at the bank.
    await threePressesToBank(page, main, o.tryAgain);
    expect(await newestOrderOf(customer.personalNumber)).not.toBe(order);
  });

  test('a session that ends while the customer is at the bank: a login, then the outcome', async ({
    page,
  }, testInfo) => {
    const { customer, loanId } = await customerWithLoan(page, {
      amount: '900.00',
      term: 3,
      daysAgo: 20,
    });
    const next = nextPayment(page);
    await openCardConfirmation(next, { open: kaLoans.loan.pay, choice: kaLoans.repay.next });
    await goToBank(page, next);

    // Longer at the bank than the idle limit: the page server ends the session on return.
    await idleBeyondTheLimit(page);
    await typeCard(page, TEST_CARDS.succeeds);
    const login = page.getByRole('dialog', { name: kaAccount.loginTitle });
    await expect(login).toBeVisible();
    // Told before logging in that the payment's outcome waits.
    await expect(login).toContainText(kaAccount.paymentWaiting);
    await screenshot(page, testInfo, '11-login');
    await fillLogin(login, customer.personalNumber);

    await expectReturnPage(page);
    await expectOutcome(page, o.succeededTitle);
    await screenshot(page, testInfo, '11-outcome');
    await expect(figure(page.getByRole('main'), o.receiptNumber)).toHaveText(`R-${loanId}-1`);
    // Paid once: one payment on the loan.
    await page.getByRole('main').getByRole('link', { name: o.toLoans }).click();
    await loanCard(page).getByText(kaLoans.payments.title, { exact: true }).click();
    await expect(
      loanCard(page).getByRole('button', {
        name: format(kaLoans.payments.receiptFor, { number: `R-${loanId}-1` }),
      }),
    ).toBeVisible();
    await expect(
      loanCard(page).getByRole('button', { name: startsWith(kaLoans.payments.receipt) }),
    ).toHaveCount(1);
  });
});
