import type { RemoteModuleId } from 'tooling/remotes';
import type { LayoutName, RouteEntry } from '../app/route-table';

type Audience = 'visitor' | 'customer';
type Modules = Record<Audience, readonly RemoteModuleId[]>;

/**
 * What each layout loads on every page: the default layout's header holds a customer's
 * account entry (a visitor's is the host's own buttons until asked for, decision 014).
 */
const LAYOUT_MODULES: Record<LayoutName, Modules> = {
  default: { visitor: [], customer: ['remote_account/AccountEntry'] },
  static: { visitor: [], customer: [] },
};

/**
 * The remote modules on each page's first screen of a phone: the home page's calculator for
 * everyone, and a customer's overdue notice, next payment and loans (app/pages/index-page); the recovery
 * page's form. Unknown paths show the host's own not-found page.
 */
const PAGE_MODULES: Record<string, Modules> = {
  index: {
    visitor: ['remote_home/LoanCalculator'],
    customer: [
      'remote_home/LoanCalculator',
      'remote_loans/OverdueNotice',
      'remote_loans/NextPayment',
      'remote_loans/LoansOverview',
    ],
  },
  recovery: { visitor: ['remote_account/RecoveryPage'], customer: ['remote_account/RecoveryPage'] },
};

/**
 * The remote modules a page needs at once (a route of the table, or no route: the not-found
 * page), for a visitor or a customer. The host's server
 * hints only their remotes' manifests: a hint for anything else spends a phone's bandwidth on
 * a file the page does not read (and the browser warns of it).
 */
export function firstScreenModules(
  route: RouteEntry | undefined,
  loggedIn: boolean,
): RemoteModuleId[] {
  const audience: Audience = loggedIn ? 'customer' : 'visitor';
  const layout = LAYOUT_MODULES[route?.layout ?? 'default'][audience];
  const page = (route && PAGE_MODULES[route.id]?.[audience]) ?? [];
  return [...page, ...layout];
}
