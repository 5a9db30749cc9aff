import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PAGE_SLOTS } from 'release-contract/page-slots';
import { isOpenApplicationStatus } from 'shared/api/user/open-application';
import { sitePath } from 'shared/lib/site-urls';
import { useLoans, useUser } from 'shared/query/use-account';
import { useUiStore } from 'shared/stores/ui-store';
import { kaHost } from '../../words/ka-host';
import { useCustomerPage, useHydratingWithoutAccount } from '../page-audience';
import styles from './pages.module.css';
import { SlotList } from './slot-list';

/** The home page: a visitor's or a customer's, each ending with the questions and answers. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const requestLogin = useUiStore((state) => state.requestLogin);
  const loggedIn = useCustomerPage();

  // The `auth` middleware sends visitors here with ?login=1: offer the login form.
  useEffect(() => {
    if (params.get('login') !== '1') return;
    requestLogin();
    const next = new URLSearchParams(params);
    next.delete('login');
    setParams(next, { replace: true });
  }, [params, setParams, requestLogin]);

  useEffect(() => {
    document.title = `${kaHost.brand} · ${kaHost.brandTagline}`;
  }, []);

  // Once logged in, a visitor the `auth` middleware sent here goes back where they were going:
  // `next` comes from the URL, so only a page of this site, as the URL parser reads it.
  const next = params.get('next');
  useEffect(() => {
    if (!loggedIn || !next) return;
    navigate(sitePath(next) ?? '/', { replace: true });
  }, [loggedIn, next, navigate]);

  return (
    <div className={styles.stack}>
      <h1 className="visually-hidden">{kaHost.brand}</h1>
      {loggedIn ? <CustomerHome /> : <SlotList slots={PAGE_SLOTS.index.visitor} />}
    </div>
  );
}

/**
 * A customer's page (its order is the slot table's): the application takes the calculator's
 * place while one is open or being filled in, and the verification steps stay while any are
 * left.
 */
function CustomerHome() {
  // While hydrating, the page is as the server saw it, whatever the browser already knows:
  // with the customer's account when the server had it (issue 29), else without their data.
  const hydrating = useHydratingWithoutAccount();
  const activeLoanComponent = useUiStore((state) => state.activeLoanComponent);
  const known = useUser().data;
  const user = hydrating ? undefined : known;
  // The notices at the top show from the loans: what is below them waits until those are known.
  const loans = useLoans();
  const loansKnown = !hydrating && loans.status !== 'pending';
  const applying =
    !hydrating &&
    (activeLoanComponent === 'application' ||
      isOpenApplicationStatus(user?.last_loan_application_status));
  // Verification leaves the page once complete, but not under the customer who just completed
  // it: the section says so until the page is next loaded.
  const verificationShown = useRef(false);
  if (user && !user.full_verification) verificationShown.current = true;
  const verificationLeft =
    user !== undefined && (!user.full_verification || verificationShown.current);
  return (
    <SlotList
      slots={PAGE_SLOTS.index.customer}
      holds={{
        applying,
        'not-applying': !applying,
        'verification-left': verificationLeft,
      }}
      holdersDataKnown={loansKnown}
    />
  );
}
