import type { ExposesOf } from 'tooling/remotes';
import { sliceConfigs } from 'tooling/rspack/app-config';

/** The slice's only public surface: exactly the modules tooling/remotes lists for it. */
export const exposes = {
  './LoansOverview': './src/app/loans-overview.tsx',
  './LoanApplication': './src/features/application/components/loan-application.tsx',
  './OverdueNotice': './src/app/overdue-notice.tsx',
  './NextPayment': './src/app/next-payment.tsx',
  './PaymentOutcome': './src/app/payment-outcome.tsx',
} satisfies ExposesOf<'remote_loans'>;

export default sliceConfigs('remote-loans', import.meta.url, exposes);
