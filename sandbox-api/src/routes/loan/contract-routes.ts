import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { georgianDate, planLoan } from '../../lib/calculator';
import { type KeyTerms, keyTermsOf } from '../../lib/key-terms';
import { toTetri } from '../../lib/money';
import { contractSchema, errorResponses, idParams, parseId } from './loan-schemas';
import { customersLoan } from './open-loan';

interface ContractRow extends Record<string, unknown> {
  accepted_at: Date | string;
  amount: string;
  term: number;
  monthly_payment: string;
  total_payment: string | null;
  total_interest: string | null;
  service_fee: string | null;
  interest_rate: string | null;
  effective_interest_rate: string | null;
  terms_id: number;
  title: string;
  version: string;
  published_at: Date | string;
  content: string;
}

/**
 * The key terms the application was offered. Applications from before v1.2 did not keep them
 * all; the product's rates have not changed since v1.0, so the calculator gives them again.
 */
function offeredKeyTerms(row: ContractRow): KeyTerms {
  const stored = {
    amount: row.amount,
    term: row.term,
    monthly_payment: row.monthly_payment,
  };
  if (
    row.total_payment === null ||
    row.total_interest === null ||
    row.service_fee === null ||
    row.interest_rate === null ||
    row.effective_interest_rate === null
  ) {
    const plan = planLoan(toTetri(row.amount), row.term, georgianDate(new Date(row.accepted_at)));
    return { ...keyTermsOf(plan), ...stored };
  }
  return {
    ...stored,
    total_payment: row.total_payment,
    total_interest: row.total_interest,
    service_fee: row.service_fee,
    interest_rate: row.interest_rate,
    effective_interest_rate: row.effective_interest_rate,
  };
}

/** v1.2: the loan terms a loan's application accepted (that version), when, and its key terms. */
export default async function contractRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/loan/:id/contract/',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: contractSchema, ...errorResponses } },
    },
    async (request) => {
      const loan = await customersLoan(app, request.user.id, parseId(request.params.id));
      // The application carries the acceptance: the terms' id it was sent with, and its time.
      const [row] = await app.db.query<ContractRow>(
        `SELECT a.created_at AS accepted_at, a.amount::text AS amount, a.term,
                a.monthly_payment::text AS monthly_payment, a.total_payment::text AS total_payment,
                a.total_interest::text AS total_interest, a.service_fee::text AS service_fee,
                a.interest_rate::text AS interest_rate,
                a.effective_interest_rate::text AS effective_interest_rate,
                t.id AS terms_id, t.title, t.version, t.published_at, t.content
           FROM loans l
           JOIN loan_applications a ON a.id = l.application_id
           JOIN terms_of_contract t ON t.id = a.terms_of_contract_id
          WHERE l.id = $1`,
        [loan.id],
      );
      if (!row) throw new Error('a loan without its application');
      return {
        loan: loan.id,
        terms: {
          id: row.terms_id,
          title: row.title,
          version: row.version,
          published_at: new Date(row.published_at).toISOString(),
          content: row.content,
        },
        accepted_at: new Date(row.accepted_at).toISOString(),
        key_terms: offeredKeyTerms(row),
      };
    },
  );
}
