import { renderStandalonePage } from 'shared/ui/standalone-page';
import LoansOverview from './features/loans/components/loans-overview';

renderStandalonePage('remote-loans', <LoansOverview />);
