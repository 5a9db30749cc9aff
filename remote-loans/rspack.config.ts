import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portOf, remoteApp } from 'tooling/apps';
import type { ExposesOf } from 'tooling/remotes';
import { createRemoteConfigs } from 'tooling/rspack/app-config';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The slice's only public surface: exactly the modules tooling/remotes lists for it. */
export const exposes = {
  './LoansOverview': './src/features/loans/components/loans-overview.tsx',
  './LoanApplication': './src/features/application/components/loan-application.tsx',
  './OverdueNotice': './src/features/overdue/components/overdue-notice.tsx',
  './NextPayment': './src/features/loans/components/next-payment.tsx',
} satisfies ExposesOf<'remote_loans'>;

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createRemoteConfigs({
    root,
    name: remoteApp('remote-loans').name,
    title: 'remote-loans · ონლაინ სესხი',
    mode: argv.mode ?? 'production',
    devPort: portOf(remoteApp('remote-loans')),
    publicPath: 'auto',
    exposes,
  });
