import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from 'shared/rspack/app-config';

const root = path.dirname(fileURLToPath(import.meta.url));

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig({
    root,
    name: 'remote_account',
    title: 'remote-account · ონლაინ სესხი',
    mode: argv.mode ?? 'production',
    devPort: 3002,
    publicPath: 'auto',
    // The slice's only public surface; ids are typed in shared/federation/remote-modules.
    exposes: {
      './AccountEntry': './src/features/login/components/account-entry.tsx',
      './RecoveryPage': './src/features/recovery/components/recovery-page.tsx',
      './AccountOverview': './src/features/overview/components/account-overview.tsx',
    },
  });
