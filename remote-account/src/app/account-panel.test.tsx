import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUiStore } from 'shared/stores/ui-store';
import { format } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { customer } from 'shared/testing/fixtures';
import { logInAs } from 'shared/testing/log-in';
import { kaProfile } from '../features/profile/ka-profile';
import VerificationSection from '../features/verification/components/verification-section';
import { kaVerification } from '../features/verification/ka-verification';
import { kaAccount } from '../lib/ka-account';
import { fullyVerified, renderEntry } from '../testing/entry-harness';

describe('the customer’s account panel', () => {
  it('opens the customer’s account panel from their name, with the focus on its title', async () => {
    const user = userEvent.setup();
    const customer = logInAs({ first_name: 'ნინო' });
    renderEntry();
    const trigger = await screen.findByRole('button', {
      name: new RegExp(`${kaAccountButtons.myAccount}:\\s*ნინო`),
    });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);

    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    expect(
      within(panel).getByRole('heading', { level: 2, name: kaProfile.panelTitle }),
    ).toHaveFocus();
    // The profile (view, with its edit button) and the password change.
    const profile = await within(panel).findByRole('region', { name: kaProfile.title });
    expect(within(profile).getByText(customer.email)).toBeInTheDocument();
    expect(within(profile).getByRole('button', { name: kaProfile.edit })).toBeInTheDocument();
    const password = within(panel).getByRole('form', { name: kaProfile.passwordTitle });
    expect(within(password).getByLabelText(kaProfile.currentPassword)).toBeInTheDocument();
  });

  it('edits the profile in the panel and shows the new name on its button', async () => {
    const user = userEvent.setup();
    logInAs();
    renderEntry();
    await user.click(await screen.findByRole('button', { name: new RegExp(customer.first_name) }));
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });

    await user.click(await within(panel).findByRole('button', { name: kaProfile.edit }));
    const firstName = within(panel).getByLabelText(kaProfile.firstName);
    await user.clear(firstName);
    await user.type(firstName, 'ნატო');
    await user.click(within(panel).getByRole('button', { name: kaProfile.save }));

    expect(await within(panel).findByRole('status')).toHaveTextContent(kaProfile.saved);
    expect(
      screen.getByRole('button', { name: new RegExp(`${kaAccountButtons.myAccount}:\\s*ნატო`) }),
    ).toBeInTheDocument();
  });

  it('closes the account panel with Escape, its close button or its own button, focus back on the name', async () => {
    const user = userEvent.setup();
    logInAs();
    renderEntry();
    const trigger = await screen.findByRole('button', { name: new RegExp(customer.first_name) });

    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });
    await user.click(within(panel).getByRole('button', { name: kaAccount.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(trigger);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(useUiStore.getState().accountPanel).toBeNull();
  });

  it('traps nothing: Tab leads from the panel on to the rest of the page', async () => {
    const user = userEvent.setup();
    logInAs();
    renderEntry(<button type="button">შემდეგი</button>);
    await user.click(await screen.findByRole('button', { name: new RegExp(customer.first_name) }));
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });
    await within(panel).findByRole('form', { name: kaProfile.passwordTitle });
    expect(panel).not.toHaveAttribute('aria-modal');

    const next = screen.getByRole('button', { name: 'შემდეგი' });
    for (let step = 0; step < 20 && !next.matches(':focus'); step += 1) {
      expect(panel).toContainElement(document.activeElement as HTMLElement);
      await user.tab();
    }

    expect(next).toHaveFocus();
    // Leaving it does not close it: the customer may come back with Shift+Tab.
    expect(panel).toBeInTheDocument();
  });

  it('shows a short verification status in the panel, with a link to the steps', async () => {
    const user = userEvent.setup();
    logInAs({ email_verified: true, photos_status: 'pending' });
    renderEntry();
    await user.click(await screen.findByRole('button', { name: new RegExp(customer.first_name) }));
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });

    const summary = await within(panel).findByRole('region', {
      name: kaVerification.summary.title,
    });
    expect(summary).toHaveTextContent(format(kaVerification.progress, { done: 1, total: 3 }));
    expect(summary).toHaveTextContent(
      format(kaVerification.summary.left, {
        steps: `${kaVerification.phone.title}, ${format(kaVerification.summary.stepUnderReview, {
          step: kaVerification.photos.title,
        })}`,
      }),
    );
    expect(
      within(summary).getByRole('link', { name: kaVerification.summary.showSteps }),
    ).toHaveAttribute('href', '/#verification');
    // The steps themselves stay on the home page.
    expect(within(panel).queryByRole('button', { name: kaVerification.phone.send })).toBeNull();
  });

  it('tells a fully verified customer so in the panel, with no link to steps', async () => {
    const user = userEvent.setup();
    logInAs(fullyVerified);
    renderEntry();
    await user.click(await screen.findByRole('button', { name: new RegExp(customer.first_name) }));
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });

    const summary = await within(panel).findByRole('region', {
      name: kaVerification.summary.title,
    });
    expect(summary).toHaveTextContent(kaVerification.fullyVerified);
    expect(within(summary).queryByRole('link')).not.toBeInTheDocument();
  });

  it('from the panel’s link, closes the panel and takes the customer to the steps on the page', async () => {
    const user = userEvent.setup();
    logInAs();
    renderEntry(<VerificationSection />);
    await screen.findByRole('list', { name: kaVerification.stepsLabel });
    await user.click(screen.getByRole('button', { name: new RegExp(customer.first_name) }));
    const panel = screen.getByRole('dialog', { name: kaProfile.panelTitle });

    await user.click(
      await within(panel).findByRole('link', { name: kaVerification.summary.showSteps }),
    );

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: kaVerification.title })).toHaveFocus();
  });
});
