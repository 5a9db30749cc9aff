import { renderStandalonePage } from 'shared/ui/standalone-page';
import AccountEntry from './features/login/components/account-entry';
import RecoveryPage from './features/recovery/components/recovery-page';
import VerificationSection from './features/verification/components/verification-section';

renderStandalonePage(
  'remote-account',
  <>
    <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <AccountEntry />
    </div>
    <VerificationSection />
    <RecoveryPage />
  </>,
);
