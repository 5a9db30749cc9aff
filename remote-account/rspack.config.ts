import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portOf, remoteApp } from 'tooling/apps';
import { createAppConfig } from 'tooling/rspack/app-config';

const root = path.dirname(fileURLToPath(import.meta.url));

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig({
    root,
    name: remoteApp('remote-account').name,
    title: 'remote-account · ონლაინ სესხი',
    mode: argv.mode ?? 'production',
    devPort: portOf(remoteApp('remote-account')),
    publicPath: 'auto',
    // The slice's only public surface; ids are typed in shared/federation/remote-modules.
    exposes: {
      './AccountEntry': './src/features/login/components/account-entry.tsx',
      './RecoveryPage': './src/features/recovery/components/recovery-page.tsx',
      './VerificationSteps': './src/features/verification/components/verification-section.tsx',
    },
  });
