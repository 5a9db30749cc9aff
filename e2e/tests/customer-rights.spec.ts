// What v1.1 gives a customer, against the embedded sandbox at phone width: consent to the
// processing of personal data given apart from the terms. Each test makes its own customer
// (and loan), so none spends the seed customers' state.
import { ka } from 'shared/strings/ka';
import { kaRegistration } from '../../remote-account/src/features/registration/ka-registration';
import { kaAccount } from '../../remote-account/src/lib/ka-account';
import { expect, test } from '../fixtures';
import { banner, newCustomer, PASSWORD } from '../utils/account-utils';
import { axeViolations } from '../utils/axe';
import { tabTo } from '../utils/keyboard-utils';

test.use({ mockedProvider: false });

test('a visitor registers, consenting to the personal-data notice apart from the terms', async ({
  page,
}) => {
  const customer = newCustomer();
  await page.goto('/');
  // A phone's header has room for the login button only; registration is offered from there.
  await banner(page).getByRole('button', { name: ka.account.login }).click();
  await page
    .getByRole('dialog', { name: kaAccount.loginTitle })
    .getByRole('button', { name: kaRegistration.register })
    .click();
  const panel = page.getByRole('dialog', { name: kaRegistration.title });
  const fields: [string, string][] = [
    [kaAccount.personalNumber, customer.personalNumber],
    [kaRegistration.firstName, customer.firstName],
    [kaRegistration.lastName, customer.lastName],
    [kaRegistration.birthDate, customer.birthDate],
    [kaRegistration.phone, customer.phone],
  ];
  for (const [label, value] of fields) await panel.getByLabel(label).fill(value);
  await panel.getByLabel(kaRegistration.email, { exact: true }).fill(customer.email);
  await panel.getByLabel(kaAccount.password, { exact: true }).fill(PASSWORD);
  await panel.getByLabel(kaRegistration.passwordConfirm).fill(PASSWORD);
  await panel.getByLabel(kaRegistration.termsAccept).check();

  // The notice is its own block, readable, with its own box, never ticked for the customer.
  const notice = panel.getByRole('group', { name: kaRegistration.personalData });
  await expect(notice.getByRole('region')).toContainText(/პერსონალურ/);
  const consent = notice.getByRole('checkbox', { name: kaRegistration.personalDataAccept });
  await expect(consent).not.toBeChecked();

  // Without consent nothing is sent: the box says why and takes focus; nothing typed is lost.
  await panel.getByRole('button', { name: kaRegistration.submit }).click();
  await expect(notice).toContainText(kaRegistration.personalDataRequired);
  await expect(consent).toBeFocused();
  for (const [label, value] of fields) await expect(panel.getByLabel(label)).toHaveValue(value);
  await expect(panel.getByLabel(kaRegistration.termsAccept)).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);

  // The keyboard ticks it.
  await tabTo(page, consent);
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await panel.getByRole('button', { name: kaRegistration.submit }).click();
  await expect(panel.getByRole('status')).toContainText(kaRegistration.done);
});
