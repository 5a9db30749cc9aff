import type { SlotId } from 'release-contract/page-slots';
import { ka } from 'shared/strings/ka';
import { kaHost } from '../../words/ka-host';

/**
 * What each slot is, for its fallback's accessible name: the host's words, kept out of the slot
 * table (release-contract/page-slots), which is data the page server reads too.
 */
export const SLOT_LABELS: Readonly<Record<SlotId, string>> = {
  'remote_home/LoanCalculator': kaHost.home.calculatorLabel,
  'remote_home/HomeSlider': ka.home.sliderLabel,
  'remote_home/QuestionAnswers': ka.home.faqTitle,
  'remote_account/RecoveryPage': ka.account.recoveryTitle,
  'remote_account/VerificationSteps': kaHost.verification.label,
  'remote_account/ComplaintsPage': kaHost.complaints.title,
  'remote_loans/OverdueNotice': kaHost.loans.overdueLabel,
  'remote_loans/NextPayment': ka.loans.nextPayment,
  'remote_loans/LoanApplication': kaHost.loans.applicationLabel,
  'remote_loans/LoansOverview': ka.loans.title,
  'remote_loans/PaymentOutcome': kaHost.payment.title,
};
