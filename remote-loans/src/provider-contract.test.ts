import { loanSchema } from 'shared/api/loan/loans';
import {
  type CallFinder,
  type ProviderRead,
  pathLiterals,
  readMismatches,
  unpairedCalls,
} from 'shared/testing/provider-contract';
import * as z from 'shared/validation/zod';
import { applicationSchema, validApplicationSchema } from './features/application/api/applications';
import { autopaySchema } from './features/autopay/api/autopay';
import { paymentOrderSchema } from './features/card-payment/api/payment-orders';
import { loanContractSchema } from './features/documents/api/contract';
import { hardshipSchema } from './features/hardship/api/hardship';
import { payoffSchema } from './features/payoff/api/payoff';
import { withdrawalSchema } from './features/withdrawal/api/withdrawal';
import { overdueSchema } from './lib/overdue/overdue';
import { paymentSchema } from './lib/payments';

/** Which of the slice's schemas reads which operation's answer (docs/provider-api.openapi.json). */
const READS: ProviderRead[] = [
  { operation: 'GET /api/loan/loan_application/', schema: z.array(applicationSchema) },
  { operation: 'POST /api/loan/loan_application/', schema: applicationSchema },
  {
    operation: 'POST /api/loan/loan_application/create_loan_validation/',
    schema: validApplicationSchema,
  },
  { operation: 'POST /api/loan/loan_application/{id}/cancel/', schema: applicationSchema },
  { operation: 'POST /api/loan/loan/{id}/repay/', schema: loanSchema },
  { operation: 'GET /api/loan/loan/{id}/payoff/', schema: payoffSchema },
  { operation: 'POST /api/loan/loan/{id}/payoff/', schema: loanSchema },
  { operation: 'GET /api/loan/loan/{id}/withdrawal/', schema: withdrawalSchema },
  { operation: 'POST /api/loan/loan/{id}/withdraw/', schema: loanSchema },
  { operation: 'GET /api/loan/overdue_loan_application/', schema: overdueSchema },
  { operation: 'GET /api/loan/loan/{id}/payments/', schema: z.array(paymentSchema) },
  { operation: 'GET /api/loan/loan/{id}/contract/', schema: loanContractSchema },
  { operation: 'GET /api/loan/loan/{id}/hardship/', schema: z.array(hardshipSchema) },
  { operation: 'POST /api/loan/loan/{id}/hardship/', schema: hardshipSchema },
  { operation: 'POST /api/loan/loan/{id}/payment_orders/', schema: paymentOrderSchema },
  { operation: 'GET /api/loan/payment_orders/', schema: z.array(paymentOrderSchema) },
  { operation: 'GET /api/loan/payment_orders/{id}/', schema: paymentOrderSchema },
  { operation: 'POST /api/loan/payment_orders/{id}/cancel/', schema: paymentOrderSchema },
  { operation: 'GET /api/loan/loan/{id}/autopay/', schema: autopaySchema },
  { operation: 'PUT /api/loan/loan/{id}/autopay/', schema: autopaySchema },
];

/** A loan's parts are read through lib/loan-part by name: `loanPartQuery(schema, 'payments', id)`. */
const loanParts: CallFinder = (source) =>
  [...source.matchAll(/\b(?:fetchLoanPart|loanPartQuery)\([^)]*?'(\w+)'/g)].map(
    (match) => `/api/loan/loan/{id}/${match[1]}/`,
  );

describe("the loans slice's answer schemas against the provider's document", () => {
  it.each(READS)('$operation', (read) => {
    expect(readMismatches(read)).toEqual([]);
  });

  it('pairs every provider call the slice makes with its schema', () => {
    const find = [pathLiterals, loanParts];
    // lib/loan-part's own path is the template the parts fill in.
    const skipped = ['/api/loan/loan/{id}/{id}/'];
    expect(unpairedCalls(import.meta.dirname, READS, { find, skipped })).toEqual([]);
  });
});
