import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { queryClient } from 'shared/query/query-client';
import { format } from 'shared/strings/ka';
import { personalDataNotice, registrationTerms } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { mswServer } from 'shared/testing/msw-server';
import { renderInRouter } from 'shared/testing/render';
import { dropSession, holdSession } from 'shared/testing/session';
import { kaConsents as t } from '../ka-consents';
import { ConsentsSection } from './consents-section';

beforeEach(() => holdSession());
afterEach(() => {
  dropSession();
  queryClient.clear();
});

const section = () => screen.findByRole('region', { name: t.title });

describe('the customer’s consents', () => {
  it('lists the documents accepted at registration, with their versions and when', async () => {
    renderInRouter(<ConsentsSection />);
    const region = await section();
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [terms, personalData] = items as [HTMLElement, HTMLElement];
    expect(terms).toHaveTextContent(t.kind.terms);
    expect(terms).toHaveTextContent(
      format(t.document, { title: registrationTerms.title, version: registrationTerms.version }),
    );
    expect(terms).toHaveTextContent(format(t.givenAt, { date: '5 ოქტომბერი, 2026' }));
    expect(personalData).toHaveTextContent(
      format(t.document, { title: personalDataNotice.title, version: personalDataNotice.version }),
    );
    // Withdrawing it is a request, not a toggle: the section says how.
    expect(personalData).toHaveTextContent(t.personalDataWithdraw);
    expect(within(personalData).queryByRole('checkbox')).toBeNull();
    // The request is a complaint with that topic: the link opens it chosen.
    expect(
      within(personalData).getByRole('link', { name: t.personalDataWithdrawLink }),
    ).toHaveAttribute('href', '/complaints?topic=personal_data');
  });

  it('gives and withdraws marketing at once, one write at a time, and says so', async () => {
    const user = userEvent.setup();
    const sent: boolean[] = [];
    const answer = createGate();
    mswServer.use(
      http.post('*/api/user/consents/marketing/', async ({ request }) => {
        const { given } = (await request.json()) as { given: boolean };
        sent.push(given);
        await answer.passed();
        const now = '2026-11-20T12:00:00+04:00';
        return HttpResponse.json({
          kind: 'marketing',
          document: null,
          given,
          given_at: given ? now : null,
          withdrawn_at: given ? null : now,
        });
      }),
    );
    renderInRouter(<ConsentsSection />);
    const box = await screen.findByRole('checkbox', { name: t.marketingAccept });
    expect(box).not.toBeChecked();
    expect(screen.getByText(t.notGiven)).toBeInTheDocument();

    await user.click(box);
    expect(box).toBeDisabled();
    await user.click(box);
    answer.open();
    expect(await screen.findByRole('status')).toHaveTextContent(t.marketingGiven);
    expect(box).toBeChecked();
    expect(sent).toEqual([true]);
    expect(screen.getByText(format(t.givenAt, { date: '20 ნოემბერი, 2026' }))).toBeInTheDocument();

    await user.click(box);
    expect(await screen.findByText(t.marketingWithdrawn)).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(sent).toEqual([true, false]);
    expect(
      screen.getByText(format(t.withdrawnAt, { date: '20 ნოემბერი, 2026' })),
    ).toBeInTheDocument();
  });

  it('keeps the box as the provider has it when a change fails, and says so in Georgian', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('*/api/user/consents/marketing/', () =>
        HttpResponse.json({ detail: 'error' }, { status: 500 }),
      ),
    );
    renderInRouter(<ConsentsSection />);
    const box = await screen.findByRole('checkbox', { name: t.marketingAccept });
    await user.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.marketingFailed);
    expect(box).not.toBeChecked();
  });
});
