import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from 'shared/rspack/app-config';

const root = path.dirname(fileURLToPath(import.meta.url));

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig({
    root,
    name: 'remote_loans',
    title: 'remote-loans · ონლაინ სესხი',
    mode: argv.mode ?? 'production',
    devPort: 3003,
    publicPath: 'auto',
    // The slice's only public surface; ids are typed in shared/federation/remote-modules.
    exposes: {
      './LoansOverview': './src/features/loans/components/loans-overview.tsx',
      './LoanApplication': './src/features/application/components/loan-application.tsx',
      './OverdueNotice': './src/features/overdue/components/overdue-notice.tsx',
    },
  });
