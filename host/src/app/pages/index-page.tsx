import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isOpenApplicationStatus } from 'shared/api/user/open-application';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { sitePath } from 'shared/lib/site-urls';
import { useUser } from 'shared/query/use-account';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { RemoteSlot } from '../../federation/remote-slot';
import { kaHost } from '../ka-host';
import styles from './pages.module.css';

/** The home page: a visitor's or a customer's, then the questions and answers. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const requestLogin = useUiStore((state) => state.requestLogin);
  const loggedIn = useLoggedIn();

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
      {loggedIn ? <CustomerHome /> : <VisitorHome />}
      <RemoteSlot
        id="remote_home/QuestionAnswers"
        label={ka.home.faqTitle}
        reserve={styles.questionsSlot}
        whenNearViewport
      />
    </div>
  );
}

/** The calculator first: on a phone its amount and monthly payment show without scrolling. */
function VisitorHome() {
  return (
    <>
      <RemoteSlot
        id="remote_home/LoanCalculator"
        label={kaHost.home.calculatorLabel}
        reserve={styles.calculatorSlot}
      />
      {/* Below the calculator on a phone: its slider library loads when it comes near. */}
      <RemoteSlot
        id="remote_home/HomeSlider"
        label={ka.home.sliderLabel}
        reserve={styles.sliderSlot}
        whenNearViewport
      />
    </>
  );
}

/**
 * A customer's page is built around the money: what is overdue, then the next payment of the
 * loans being repaid, then the loan in progress (the calculator, or the application once one
 * is under way), then their loans, then the verification steps while any are left. Profile
 * and password live in the account panel.
 */
function CustomerHome() {
  const activeLoanComponent = useUiStore((state) => state.activeLoanComponent);
  const user = useUser().data;
  const applying =
    activeLoanComponent === 'application' ||
    isOpenApplicationStatus(user?.last_loan_application_status);
  // Verification leaves the page once complete, but not under the customer who just completed
  // it: the section says so until the page is next loaded.
  const verificationShown = useRef(false);
  if (user && !user.full_verification) verificationShown.current = true;
  const showVerification =
    user !== undefined && (!user.full_verification || verificationShown.current);
  return (
    <>
      <RemoteSlot id="remote_loans/OverdueNotice" label={kaHost.loans.overdueLabel} minHeight="0" />
      <RemoteSlot
        id="remote_loans/NextPayment"
        label={ka.loans.nextPayment}
        minHeight="0"
        optional
      />
      {applying ? (
        <RemoteSlot
          id="remote_loans/LoanApplication"
          label={kaHost.loans.applicationLabel}
          minHeight="30rem"
        />
      ) : (
        <RemoteSlot
          id="remote_home/LoanCalculator"
          label={kaHost.home.calculatorLabel}
          reserve={styles.calculatorSlot}
        />
      )}
      <RemoteSlot id="remote_loans/LoansOverview" label={ka.loans.title} minHeight="10rem" />
      {showVerification ? (
        <div id="verification">
          <RemoteSlot
            id="remote_account/VerificationSteps"
            label={kaHost.verification.label}
            minHeight="12rem"
          />
        </div>
      ) : null}
    </>
  );
}
