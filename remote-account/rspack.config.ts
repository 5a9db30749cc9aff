import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portOf, remoteApp } from 'tooling/apps';
import type { ExposesOf } from 'tooling/remotes';
import { createRemoteConfigs } from 'tooling/rspack/app-config';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The slice's only public surface: exactly the modules tooling/remotes lists for it. */
export const exposes = {
  './AccountEntry': './src/features/login/components/account-entry.tsx',
  './RecoveryPage': './src/features/recovery/components/recovery-page.tsx',
  './VerificationSteps': './src/features/verification/components/verification-section.tsx',
  './ComplaintsPage': './src/features/complaints/components/complaints-page.tsx',
} satisfies ExposesOf<'remote_account'>;

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createRemoteConfigs({
    root,
    name: remoteApp('remote-account').name,
    title: 'remote-account · ონლაინ სესხი',
    mode: argv.mode ?? 'production',
    devPort: portOf(remoteApp('remote-account')),
    publicPath: 'auto',
    exposes,
  });
