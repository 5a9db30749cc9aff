import { customer } from 'shared/testing/fixtures';
import { verificationProgress } from './verification-progress';

describe('verification progress', () => {
  it('counts nothing done for a new customer, in the order the steps are shown', () => {
    const progress = verificationProgress(customer);
    expect(progress.steps.map((step) => step.key)).toEqual(['email', 'phone', 'photos']);
    expect(progress).toMatchObject({ done: 0, total: 3 });
  });

  it('counts photos as done only once approved; pending ones are under review', () => {
    const pending = verificationProgress({
      ...customer,
      email_verified: true,
      photos_status: 'pending',
    });
    expect(pending.done).toBe(1);
    expect(pending.steps[2]).toEqual({ key: 'photos', done: false, underReview: true });

    const approved = verificationProgress({
      ...customer,
      phone_verified: true,
      photos_status: 'approved',
    });
    expect(approved.done).toBe(2);
    expect(approved.steps.map((step) => step.done)).toEqual([false, true, true]);
  });
});
