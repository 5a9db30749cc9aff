import { z } from 'zod';
import { detailErrorSchema, fieldErrorsSchema } from '../lib/http-errors';
import { userViewSchema } from '../lib/user-view';
import {
  applicationSchema,
  calculationSchema,
  contractSchema,
  hardshipSchema,
  loanSchema,
  overdueSchema,
  paymentSchema,
  payoffSchema,
  withdrawalSchema,
} from '../routes/loan/loan-schemas';
import { autopaySchema, cardSchema, orderSchema } from '../routes/loan/payment-order-schemas';
import { complaintSchema } from '../routes/support/complaint-schemas';
import { notificationSchema, preferencesSchema } from '../routes/user/notification-schemas';

/**
 * The answers the document names as components, by the owner's contract's names, so a reader
 * finds `Loan` or `PaymentOrder` there as in `shared/provider-api.md`. A registry of its own,
 * not zod's global one: a test worker that evaluates these modules again must not meet the
 * names already taken.
 */
export const contractComponents = z.registry<{ id: string }>();

const NAMED = {
  User: userViewSchema,
  Calculation: calculationSchema,
  Application: applicationSchema,
  Loan: loanSchema,
  Overdue: overdueSchema,
  Payoff: payoffSchema,
  Withdrawal: withdrawalSchema,
  Payment: paymentSchema,
  LoanContract: contractSchema,
  HardshipRequest: hardshipSchema,
  Complaint: complaintSchema,
  Card: cardSchema,
  PaymentOrder: orderSchema,
  Autopay: autopaySchema,
  Notification: notificationSchema,
  Preferences: preferencesSchema,
  DetailError: detailErrorSchema,
  FieldErrors: fieldErrorsSchema,
};
for (const [id, schema] of Object.entries(NAMED)) contractComponents.add(schema, { id });
