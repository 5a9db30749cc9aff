import type { User } from 'shared/api/user/user-details';

export type StepKey = 'email' | 'phone' | 'photos';

export interface StepProgress {
  key: StepKey;
  done: boolean;
  /** Photos sent and waiting for the provider's review: nothing for the customer to do. */
  underReview: boolean;
}

/**
 * Each step's state, in the order the steps are shown, and how many are done. The home page's
 * section and the account panel's summary count the same way.
 */
export function verificationProgress(user: User): {
  steps: StepProgress[];
  done: number;
  total: number;
} {
  const steps: StepProgress[] = [
    { key: 'email', done: user.email_verified, underReview: false },
    { key: 'phone', done: user.phone_verified, underReview: false },
    {
      key: 'photos',
      done: user.photos_status === 'approved',
      underReview: user.photos_status === 'pending',
    },
  ];
  return { steps, done: steps.filter((step) => step.done).length, total: steps.length };
}
