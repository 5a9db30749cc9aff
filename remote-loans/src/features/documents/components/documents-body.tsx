import { useQuery } from '@tanstack/react-query';
import type { Loan } from 'shared/api/loan/loans';
import { formatDate, formatMoney } from 'shared/lib/money';
import { formatDateTime } from 'shared/lib/tbilisi-time';
import { format, ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { LoanFiguresList } from 'shared/ui/loan-figures';
import { ProviderHtml } from 'shared/ui/provider-html';
import { ScheduleTable } from 'shared/ui/schedule-table';
import facts from '../../../components/facts.module.css';
import { PrintOnly } from '../../../components/print-only';
import { kaLoans } from '../../../ka-loans';
import { type Payment, paymentsQuery } from '../../../lib/payments';
import { type LoanContract, loanContractQuery } from '../api/contract';
import { nestHeadings } from '../lib/nest-headings';
import styles from './loan-documents.module.css';

const t = kaLoans.documents;

/** What was accepted, every figure as the offer showed it (the effective rate included). */
function KeyTerms({ terms }: { terms: LoanContract['key_terms'] }) {
  return <LoanFiguresList figures={terms} className={facts.facts} />;
}

function PaymentsTable({ payments, caption }: { payments: Payment[]; caption: string }) {
  if (payments.length === 0) return <p className={styles.note}>{t.noPayments}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls by keyboard too.
    <section className={styles.scroll} tabIndex={0} aria-label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.paidAt}</th>
            <th scope="col">{kaLoans.receipt.amount}</th>
            <th scope="col">{kaLoans.payments.principal}</th>
            <th scope="col">{kaLoans.payments.interest}</th>
            <th scope="col">{kaLoans.payments.penalty}</th>
            <th scope="col">{t.receipt}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td>{formatDateTime(payment.paid_at)}</td>
              <td>{formatMoney(payment.amount)}</td>
              <td>{formatMoney(payment.principal)}</td>
              <td>{formatMoney(payment.interest)}</td>
              <td>{formatMoney(payment.penalty)}</td>
              <td>{payment.receipt_number}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The documents themselves: the same on the page and on paper. */
function Documents({
  loan,
  contract,
  payments,
  headingLevel,
}: {
  loan: Loan;
  contract: LoanContract;
  payments: Payment[];
  headingLevel: 4 | 2;
}) {
  const Heading = headingLevel === 4 ? 'h4' : 'h2';
  const Sub = headingLevel === 4 ? 'h5' : 'h3';
  return (
    <>
      <Heading className={styles.heading}>{format(t.title, { id: loan.id })}</Heading>
      <Sub className={styles.subheading}>{t.keyTerms}</Sub>
      <KeyTerms terms={contract.key_terms} />
      <Sub className={styles.subheading}>{t.contract}</Sub>
      <p className={styles.meta}>
        {contract.terms.title}
        {' · '}
        {format(ka.terms.version, {
          version: contract.terms.version,
          date: formatDate(contract.terms.published_at),
        })}
        {' · '}
        {format(t.accepted, { date: formatDateTime(contract.accepted_at) })}
      </p>
      {/* Scrolls on screen: reachable by keyboard, named for what it holds. */}
      <ProviderHtml
        html={nestHeadings(contract.terms.content, headingLevel + 1)}
        className={styles.contract}
        role="group"
        aria-label={contract.terms.title}
        tabIndex={0}
      />
      <Sub className={styles.subheading}>{t.schedule}</Sub>
      <ScheduleTable
        rows={loan.schedule}
        caption={format(kaLoans.schedule.caption, { amount: formatMoney(loan.amount) })}
      />
      <Sub className={styles.subheading}>{t.payments}</Sub>
      <PaymentsTable payments={payments} caption={t.payments} />
    </>
  );
}

/** The documents, asked for and shown (loaded with its code when the customer opens them). */
export default function DocumentsBody({ loan }: { loan: Loan }) {
  const contract = useQuery(loanContractQuery(loan.id));
  const payments = useQuery(paymentsQuery(loan.id));
  if (contract.isPending || payments.isPending) return <p className={styles.note}>{t.loading}</p>;
  if (contract.isError || payments.isError) {
    return (
      <LoadError
        message={t.error}
        onRetry={() => {
          if (contract.isError) void contract.refetch();
          if (payments.isError) void payments.refetch();
        }}
      />
    );
  }
  return (
    <div className={styles.body}>
      <div>
        <Button onClick={() => window.print()}>{t.print}</Button>
      </div>
      <Documents loan={loan} contract={contract.data} payments={payments.data} headingLevel={4} />
      <PrintOnly>
        <div className={styles.paper}>
          <p className={styles.lender}>{kaLoans.receipt.lenderName}</p>
          <Documents
            loan={loan}
            contract={contract.data}
            payments={payments.data}
            headingLevel={2}
          />
        </div>
      </PrintOnly>
    </div>
  );
}
