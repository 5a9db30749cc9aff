import { renderStandalonePage } from 'shared/ui/standalone-page';
import LoansOverview from './loans-overview';

renderStandalonePage('remote-loans', <LoansOverview />);
