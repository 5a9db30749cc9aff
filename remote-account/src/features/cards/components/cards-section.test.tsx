import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { queryClient } from 'shared/query/query-client';
import { format, ka } from 'shared/strings/ka';
import { savedCards } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { mswServer } from 'shared/testing/msw-server';
import { renderInRouter } from 'shared/testing/render';
import { dropSession, holdSession } from 'shared/testing/session';
import { kaCards as t } from '../ka-cards';
import { CardsSection } from './cards-section';

beforeEach(() => holdSession());
afterEach(() => {
  dropSession();
  queryClient.clear();
});

const [visa] = savedCards as [(typeof savedCards)[0]];
const visaSpoken = format(t.endingIn, { brand: 'Visa', last4: '1111' });

/** A v1.3 provider's saved cards; DELETE removes one and answers 204, recording it. */
function provideCards(cards = savedCards) {
  let held = [...cards];
  const removed: string[] = [];
  mswServer.use(
    http.get('*/api/user/cards/', () => HttpResponse.json(held)),
    http.delete('*/api/user/cards/:id/', ({ params }) => {
      removed.push(String(params.id));
      held = held.filter((card) => String(card.id) !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return removed;
}

const section = () => screen.findByRole('region', { name: t.title });

describe('the saved cards in the account panel', () => {
  it('lists each card by brand, last four digits and expiry, read aloud in words', async () => {
    provideCards();
    renderInRouter(<CardsSection />);
    const items = await within(await section()).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Visa •••• 1111');
    expect(first).toHaveTextContent(format(t.expires, { expires: '12/28' }));
    // A screen reader hears words, not dots and a slash.
    expect(within(first).getByText(visaSpoken)).toHaveClass('visually-hidden');
    expect(
      within(first).getByText(format(t.expiresSpoken, { month: 'დეკემბერი, 2028' })),
    ).toBeInTheDocument();
    expect(second).toHaveTextContent('Mastercard •••• 4444');
    expect(
      within(second).getByRole('button', {
        name: format(t.removeCard, {
          card: format(t.endingIn, { brand: 'Mastercard', last4: '4444' }),
        }),
      }),
    ).toBeInTheDocument();
  });

  it('says plainly when there is none, and how a card is saved', async () => {
    provideCards([]);
    renderInRouter(<CardsSection />);
    const region = await section();
    expect(await within(region).findByText(t.empty)).toBeInTheDocument();
    expect(within(region).getByText(t.howToSave)).toBeInTheDocument();
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
  });

  it('removes a card only after a confirmation naming it, once, and says so', async () => {
    const user = userEvent.setup();
    const removed = provideCards();
    const answer = createGate();
    mswServer.use(
      http.delete('*/api/user/cards/:id/', async ({ params }) => {
        removed.push(String(params.id));
        await answer.passed();
        mswServer.use(http.get('*/api/user/cards/', () => HttpResponse.json(savedCards.slice(1))));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    // A loan's automatic payment, which may have used the card, is asked again after it.
    const autopayKey = ['account', 'autopay', 3];
    queryClient.setQueryData(autopayKey, { loan: 3 });
    renderInRouter(<CardsSection />);
    const region = await section();
    await user.click(
      await within(region).findByRole('button', {
        name: format(t.removeCard, { card: visaSpoken }),
      }),
    );

    const confirmation = within(region).getByRole('group', {
      name: format(t.confirmQuestion, { card: visaSpoken }),
    });
    expect(
      within(confirmation).getByText(format(t.confirmQuestion, { card: visaSpoken })),
    ).toHaveFocus();
    expect(confirmation).toHaveTextContent(t.confirmAutopay);
    expect(removed).toEqual([]);

    const confirm = within(confirmation).getByRole('button', { name: t.confirmRemove });
    await user.click(confirm);
    expect(confirm).toBeDisabled();
    expect(within(confirmation).getByRole('status')).toHaveTextContent(t.removing);
    await user.click(confirm);
    answer.open();

    expect(
      await within(region).findByText(format(t.removed, { card: visaSpoken })),
    ).toHaveAttribute('role', 'status');
    expect(removed).toEqual([String(visa.id)]);
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(region).not.toHaveTextContent('•••• 1111');
    expect(within(region).getByRole('heading', { name: t.title })).toHaveFocus();
    await waitFor(() => expect(queryClient.getQueryState(autopayKey)?.isInvalidated).toBe(true));
  });

  it('keeps the card when the confirmation is cancelled, focus back on its remove button', async () => {
    const user = userEvent.setup();
    const removed = provideCards();
    renderInRouter(<CardsSection />);
    const region = await section();
    const remove = await within(region).findByRole('button', {
      name: format(t.removeCard, { card: visaSpoken }),
    });
    await user.click(remove);
    await user.click(within(region).getByRole('button', { name: t.cancel }));

    expect(within(region).queryByRole('group')).not.toBeInTheDocument();
    expect(
      within(region).getByRole('button', { name: format(t.removeCard, { card: visaSpoken }) }),
    ).toHaveFocus();
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
    expect(removed).toEqual([]);
  });

  it('says in Georgian when a removal fails, and keeps the card', async () => {
    const user = userEvent.setup();
    provideCards();
    mswServer.use(
      http.delete('*/api/user/cards/:id/', () =>
        HttpResponse.json({ detail: 'error' }, { status: 500 }),
      ),
    );
    renderInRouter(<CardsSection />);
    const region = await section();
    await user.click(
      await within(region).findByRole('button', {
        name: format(t.removeCard, { card: visaSpoken }),
      }),
    );
    const confirm = within(region).getByRole('button', { name: t.confirmRemove });
    await user.click(confirm);

    expect(await within(region).findByRole('alert')).toHaveTextContent(t.removeFailed);
    expect(confirm).toBeEnabled();
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says when the list fails to load, with a retry, in this section alone', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.get('*/api/user/cards/', () => HttpResponse.json({ detail: 'error' }, { status: 500 })),
    );
    renderInRouter(<CardsSection />);
    const region = await section();
    expect(await within(region).findByRole('alert')).toHaveTextContent(t.loadError);

    provideCards();
    await user.click(within(region).getByRole('button', { name: ka.common.retry }));
    expect(await within(region).findAllByRole('listitem')).toHaveLength(2);
  });

  it('is not shown at all by a provider without saved cards (v1.2 answers 404)', async () => {
    let asked = false;
    mswServer.use(
      http.get('*/api/user/cards/', () => {
        asked = true;
        return HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 });
      }),
    );
    const { container } = renderInRouter(<CardsSection />);
    await waitFor(() => expect(asked).toBe(true));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByRole('region', { name: t.title })).not.toBeInTheDocument();
  });
});
