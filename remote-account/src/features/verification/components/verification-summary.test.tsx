import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'shared/strings/ka';
import { logInAs } from 'shared/testing/log-in';
import { render } from 'shared/testing/render';
import { kaVerification } from '../ka-verification';
import { VerificationSummary } from './verification-summary';

const t = kaVerification;

describe('the verification summary of the account panel', () => {
  it('names the steps left, a rejected photo upload among them', async () => {
    logInAs({ phone_verified: true, photos_status: 'rejected' });
    render(<VerificationSummary onShowSteps={() => {}} />);

    const summary = await screen.findByRole('region', { name: t.summary.title });
    expect(summary).toHaveTextContent(
      `${format(t.progress, { done: 1, total: 3 })} · ${format(t.summary.left, {
        steps: `${t.email.title}, ${t.photos.title}`,
      })}`,
    );
  });

  it('away from the steps, leaves the link to open the home page there', async () => {
    const user = userEvent.setup();
    const onShowSteps = vi.fn();
    logInAs();
    render(<VerificationSummary onShowSteps={onShowSteps} />);

    const summary = await screen.findByRole('region', { name: t.summary.title });
    await user.click(within(summary).getByRole('link', { name: t.summary.showSteps }));

    expect(onShowSteps).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#verification');
    window.history.replaceState(null, '', window.location.pathname);
  });
});
