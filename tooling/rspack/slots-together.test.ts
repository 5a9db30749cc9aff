import { PAGE_SLOTS } from 'release-contract/page-slots';
import { exposeChunkName, slotsShownTogether, slotsTogetherGroups } from './slots-together';

describe('the slots a page shows together', () => {
  it("are the loans slice's three on a customer's home page: not the application, shown only while applying", () => {
    expect(slotsShownTogether('remote_loans')).toEqual([
      {
        chunk: 'together-index-customer',
        exposes: ['OverdueNotice', 'NextPayment', 'LoansOverview'],
      },
    ]);
    expect(PAGE_SLOTS.index.customer.map((slot) => slot.id)).toContain(
      'remote_loans/LoanApplication',
    );
  });

  it('are none where a slice has one slot a page always shows', () => {
    // The home slice's others wait for the viewport; the account slice's steps, for a condition.
    expect(slotsShownTogether('remote_home')).toEqual([]);
    expect(slotsShownTogether('remote_account')).toEqual([]);
  });
});

describe('their chunk', () => {
  const test = () => true;
  const group = slotsTogetherGroups('remote_loans', test)['together-index-customer'];
  const takes = group?.chunks as (chunk: { name?: string | null }) => boolean;

  it('takes what two of those slots both use, with the test it is given, however small', () => {
    expect(group).toMatchObject({ test, name: 'together-index-customer', minChunks: 2 });
    expect(group?.minSize).toBe(0);
  });

  it('splits only the chunks of those slots', () => {
    expect(takes({ name: exposeChunkName('NextPayment') })).toBe(true);
    expect(takes({ name: exposeChunkName('OverdueNotice') })).toBe(true);
    expect(takes({ name: exposeChunkName('LoansOverview') })).toBe(true);
    // The bank's return page and the application keep their own copies.
    expect(takes({ name: exposeChunkName('PaymentOutcome') })).toBe(false);
    expect(takes({ name: exposeChunkName('LoanApplication') })).toBe(false);
    expect(takes({ name: null })).toBe(false);
  });
});
