import type { Notification } from '../api/notifications';
import { notificationView } from './notification-view';

const base: Notification = {
  id: 1,
  kind: 'payment_due',
  created_at: '2026-12-19T06:00:00Z',
  read_at: null,
  loan: 11,
  order: 7,
  amount: '1285.39',
  date: '2026-12-22',
  title: 'პროვაიდერის სათაური',
  body: 'პროვაიდერის ტექსტი',
};

const view = (fields: Partial<Notification>) => notificationView({ ...base, ...fields });

describe('a notification in the client’s words', () => {
  it.each([
    ['payment_due', '/?pay=11', 'გადახდა'],
    ['payment_received', '/payment?order=7', 'ქვითრის ნახვა'],
    ['payment_declined', '/?pay=11', 'ხელახლა გადახდა'],
    ['overdue', '/#overdue', 'ვადაგადაცილებული თანხა'],
    ['application_decided', '/#loan-11', 'სესხის ნახვა'],
    ['complaint_answered', '/complaints', 'პასუხის ნახვა'],
    ['hardship_decided', '/#loan-11', 'სესხის ნახვა'],
  ])('%s leads to %s', (kind, to, label) => {
    expect(view({ kind }).act).toEqual({ label, to });
  });

  it('says amounts and dates with the shared helpers', () => {
    const text = view({ kind: 'overdue' }).text.replace(/[\s\u00a0\u202f]+/g, ' ');
    expect(text).toBe(
      'სესხი №11: 22 დეკემბერი, 2026-ის გადახდა არ შესრულებულა. ვადაგადაცილებული თანხა პირგასამტეხლოთი: 1 285,39 ₾.',
    );
  });

  it('leads a payment without a bank order to its loan, and a rejected application nowhere', () => {
    expect(view({ kind: 'payment_received', order: null }).act?.to).toBe('/#loan-11');
    const rejected = view({ kind: 'application_decided', loan: null });
    expect(rejected.act).toBeNull();
    expect(rejected.title).toBe('განაცხადი არ დაკმაყოფილდა');
  });

  it('says what the provider wrote where its own words would lack a field, or for a kind it does not know', () => {
    expect(view({ kind: 'payment_due', amount: null })).toEqual({
      title: 'პროვაიდერის სათაური',
      text: 'პროვაიდერის ტექსტი',
      act: null,
    });
    expect(view({ kind: 'loyalty_bonus' }).text).toBe('პროვაიდერის ტექსტი');
    // Whether help was given is the provider's to say.
    expect(view({ kind: 'hardship_decided' }).text).toBe('პროვაიდერის ტექსტი');
  });
});
