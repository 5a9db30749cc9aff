import { type ExposesOf, sliceConfigs } from 'tooling/rspack/app-config';

/** The slice's only public surface: exactly the modules release-contract/remotes lists for it. */
export const exposes = {
  './AccountEntry': './src/app/account-entry.tsx',
  './RecoveryPage': './src/features/recovery/components/recovery-page.tsx',
  './VerificationSteps': './src/features/verification/components/verification-section.tsx',
  './ComplaintsPage': './src/features/complaints/components/complaints-page.tsx',
} satisfies ExposesOf<'remote_account'>;

export default sliceConfigs('remote-account', import.meta.url, exposes);
