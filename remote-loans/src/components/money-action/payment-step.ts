import type { ReactNode } from 'react';
import type { IntentHandlers } from '../on-demand';
import type { ConfirmWords } from './confirm-step';

/** What a money action that pays asks its confirmation to state and do. */
export interface PaymentConfirmProps {
  loanId: number;
  purpose: 'repayment' | 'payoff';
  /** The amount confirmed, a decimal string (a payoff's: today's quoted total). */
  amount: string;
  words: ConfirmWords;
  statement: ReactNode;
  figures: ReactNode;
  onBack: () => void;
  headingLevel: 3 | 4;
}

/**
 * How a money action that pays (repay, pay off) is paid, given by the page that shows it: the
 * actions know nothing of the bank's page, and the card payment nothing of them. `direct`: the
 * provider takes the payment itself (repay/, payoff/, before contract v1.3), through the
 * action's own confirmation; otherwise `confirm` renders the step that pays, or what stands
 * in its place until it can (`pending` while that is not yet known).
 */
export interface PaymentStep {
  direct: boolean;
  confirm: (props: PaymentConfirmProps & { pending: ReactNode }) => ReactNode;
  /** For the control that leads to the confirmation: starts fetching its code (decision 031). */
  intent?: IntentHandlers;
}
