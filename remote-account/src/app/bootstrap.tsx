import { renderStandalonePage } from 'shared/ui/standalone-page';
import RecoveryPage from '../features/recovery/components/recovery-page';
import VerificationSection from '../features/verification/components/verification-section';
import AccountEntry from './account-entry';

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
