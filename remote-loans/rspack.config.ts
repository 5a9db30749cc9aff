import { type ExposesOf, sliceConfigs } from 'tooling/rspack/app-config';

/** The slice's only public surface: exactly the modules release-contract/remotes lists for it. */
export const exposes = {
  './LoansOverview': './src/app/loans-overview.tsx',
  './LoanApplication': './src/features/application/components/loan-application.tsx',
  './OverdueNotice': './src/app/overdue-notice.tsx',
  './NextPayment': './src/app/next-payment.tsx',
  './PaymentOutcome': './src/app/payment-outcome.tsx',
} satisfies ExposesOf<'remote_loans'>;

export default sliceConfigs('remote-loans', import.meta.url, exposes);
