import { renderStandalonePage } from 'shared/ui/standalone-page';
import AccountEntry from './features/login/components/account-entry';
import AccountOverview from './features/overview/components/account-overview';
import RecoveryPage from './features/recovery/components/recovery-page';

renderStandalonePage(
  'remote-account',
  <>
    <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <AccountEntry />
    </div>
    <AccountOverview />
    <RecoveryPage />
  </>,
);
