import type { Audience } from './page-state';
import type { RemoteModuleId } from './remotes';

/**
 * The one slot table: which remote modules each page shows, in order, for a visitor and for a
 * customer, with the place each reserves and which of them are on a phone's first screen. The
 * host's pages render from it (slot-list.tsx), and the page server decides a page and a page's
 * document hints its first screen's remotes from it (first-screen.ts); no second list says the same.
 * Data only: what a slot is called is the host's words (its slot-labels.ts).
 */

/** What a customer's page shows only in some states (the page tells which hold). */
export type SlotCondition = 'applying' | 'not-applying' | 'verification-left';

/** A class of the host's pages.module.css that reserves the slot's final height (per screen width). */
export type SlotReserve =
  | 'calculatorSlot'
  | 'sliderSlot'
  | 'questionsSlot'
  | 'applicationSlot'
  | 'loansSlot'
  | 'verificationSlot'
  | 'recoverySlot'
  | 'complaintsSlot'
  | 'paymentSlot'
  /** A notice that is nothing at all for most customers: no place is held for it. */
  | 'noticeSlot';

/** The modules that fill a page's slots: every exposed one but the header's account entry. */
export type SlotId = Exclude<RemoteModuleId, 'remote_account/AccountEntry'>;

export interface PageSlot {
  id: SlotId;
  /** The place held while it loads (a class: the server's HTML carries no inline style). */
  reserve: SlotReserve;
  /** Below the fold on a phone: loaded when it comes near the viewport. */
  whenNearViewport?: boolean;
  /** The page is whole without it while the remote's release lacks it (decision 019). */
  optional?: boolean;
  /** On a phone's first screen: the page hints its remote's manifest. */
  firstScreen?: boolean;
  /**
   * A form that works only with its script (it posts to the provider): the server sends its
   * reserved place, never a form a visitor could fill in before, or without, the script (a
   * native submit would put what was typed in the address).
   */
  browserOnly?: boolean;
  /** Shown only while this holds. */
  when?: SlotCondition;
  /**
   * A customer's slot the server renders with their data (issue 29): its slice prefetches all
   * it shows (`prefetchOnServer`). Any other slot of a customer's page is the browser's.
   */
  withDataOnServer?: boolean;
  /** An in-page target (`#verification`) that wraps the slot. */
  anchor?: string;
  /**
   * What it shows is not known until its code and data are (a notice that is nothing for most
   * customers, so no place is held for it): nothing below it shows until it has, and it never
   * pushes what the customer is reading down the page (layout shift).
   */
  holdsBelow?: boolean;
}

/** The pages of the route table whose content is remote slots. */
export type SlotPage = 'index' | 'recovery' | 'complaints' | 'payment';

const calculator: PageSlot = {
  id: 'remote_home/LoanCalculator',
  reserve: 'calculatorSlot',
  firstScreen: true,
};

const questions: PageSlot = {
  id: 'remote_home/QuestionAnswers',
  reserve: 'questionsSlot',
  whenNearViewport: true,
};

const recovery: PageSlot = {
  id: 'remote_account/RecoveryPage',
  reserve: 'recoverySlot',
  firstScreen: true,
  browserOnly: true,
};

export const PAGE_SLOTS: Record<SlotPage, Record<Audience, readonly PageSlot[]>> = {
  index: {
    // The calculator first: on a phone its amount and monthly payment show without scrolling;
    // the slider's library loads when it comes near, below it.
    visitor: [
      calculator,
      {
        id: 'remote_home/HomeSlider',
        reserve: 'sliderSlot',
        whenNearViewport: true,
      },
      questions,
    ],
    // Built around the money: what is overdue, the next payment of the loans being repaid, the
    // loan in progress (the calculator, or the application once one is under way), the loans,
    // then the verification steps while any are left. Profile and password are in the panel.
    customer: [
      {
        id: 'remote_loans/OverdueNotice',
        reserve: 'noticeSlot',
        firstScreen: true,
        holdsBelow: true,
        withDataOnServer: true,
      },
      {
        id: 'remote_loans/NextPayment',
        reserve: 'noticeSlot',
        firstScreen: true,
        holdsBelow: true,
        withDataOnServer: true,
      },
      {
        id: 'remote_loans/LoanApplication',
        reserve: 'applicationSlot',
        when: 'applying',
      },
      { ...calculator, when: 'not-applying', withDataOnServer: true },
      {
        id: 'remote_loans/LoansOverview',
        reserve: 'loansSlot',
        firstScreen: true,
        withDataOnServer: true,
      },
      {
        id: 'remote_account/VerificationSteps',
        reserve: 'verificationSlot',
        when: 'verification-left',
        anchor: 'verification',
      },
      questions,
    ],
  },
  recovery: { visitor: [recovery], customer: [recovery] },
  // A customer's alone (the route's `auth` sends a visitor to log in first).
  complaints: {
    visitor: [],
    customer: [
      {
        id: 'remote_account/ComplaintsPage',
        reserve: 'complaintsSlot',
        firstScreen: true,
        browserOnly: true,
      },
    ],
  },
  // Where the bank returns a customer (contract v1.3): a customer's alone, like the complaints.
  payment: {
    visitor: [],
    customer: [
      {
        id: 'remote_loans/PaymentOutcome',
        reserve: 'paymentSlot',
        firstScreen: true,
        // Until the loans slice's release has it, the page is whole without it (decision 019).
        optional: true,
      },
    ],
  },
};
