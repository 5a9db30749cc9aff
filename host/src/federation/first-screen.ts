import type { RemoteModuleId } from 'shared/federation/remote-modules';

/**
 * The remote modules on the home page's first screen of a phone (app/pages/index-page): the
 * calculator for everyone; a customer's overdue notice, loans and account entry too. The
 * host's server hints only their remotes' manifests in the home page.
 */
export function firstScreenModules(loggedIn: boolean): RemoteModuleId[] {
  if (!loggedIn) return ['remote_home/LoanCalculator'];
  return [
    'remote_home/LoanCalculator',
    'remote_loans/OverdueNotice',
    'remote_loans/LoansOverview',
    'remote_account/AccountEntry',
  ];
}
