import type { ApiError } from 'shared/api/api-error';
import { formatMoney } from 'shared/lib/money';
import { useLoanLimit } from 'shared/query/use-account';
import { type LoanRequest, useLoanRequestStore } from 'shared/stores/loan-request-store';
import { format } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { kaApplication as t } from '../ka-application';
import styles from './application.module.css';

export const BUSINESS_CODES = [
  'not_verified',
  'limit_exceeded',
  'term_not_allowed',
  'has_pending_application',
  'has_overdue_loan',
] as const;
export type BusinessCode = (typeof BUSINESS_CODES)[number];

export function isBusinessCode(code: string | null): code is BusinessCode {
  return BUSINESS_CODES.some((known) => known === code);
}

/**
 * Why the provider will not take this application, in Georgian, with the one action that
 * fixes it: verify, lower the amount to the limit, pick an allowed term, look at the open
 * application, or pay the overdue loan.
 */
export function ApplicationBlocked({
  code,
  error,
  request,
  onShowOpenApplication,
}: {
  code: BusinessCode;
  error: ApiError;
  request: LoanRequest;
  onShowOpenApplication: () => void;
}) {
  const limit = useLoanLimit().data;
  const submitRequest = useLoanRequestStore((state) => state.submitRequest);
  const copy = t.blocked[code];

  const action = () => {
    switch (code) {
      case 'not_verified':
        return (
          <a className={styles.actionLink} href="#verification">
            {t.blocked.not_verified.action}
          </a>
        );
      case 'has_overdue_loan':
        return (
          <a className={styles.actionLink} href="#overdue">
            {t.blocked.has_overdue_loan.action}
          </a>
        );
      case 'has_pending_application':
        return (
          <Button onClick={onShowOpenApplication}>
            {t.blocked.has_pending_application.action}
          </Button>
        );
      case 'limit_exceeded':
        return limit ? (
          <Button onClick={() => submitRequest({ amount: limit.amount_limit, term: request.term })}>
            {format(t.blocked.limit_exceeded.action, { limit: formatMoney(limit.amount_limit) })}
          </Button>
        ) : null;
      case 'term_not_allowed':
        return (
          <div className={styles.choices}>
            {[...(limit?.term_limit ?? [])]
              .sort((a, b) => a - b)
              .map((term) => (
                <Button
                  key={term}
                  variant="secondary"
                  onClick={() => submitRequest({ amount: request.amount, term })}
                >
                  {format(t.blocked.term_not_allowed.action, { count: term })}
                </Button>
              ))}
          </div>
        );
    }
  };

  const text =
    code === 'limit_exceeded'
      ? limit
        ? format(t.blocked.limit_exceeded.text, { limit: formatMoney(limit.amount_limit) })
        : t.blocked.limit_exceeded.textNoLimit
      : copy.text;

  return (
    <div className={styles.blocked} role="alert">
      <h3 className={styles.subtitle}>{copy.title}</h3>
      <p>{text}</p>
      {/* The provider's own Georgian words, when they add something to ours. */}
      {error.message && error.message !== text ? (
        <p className={styles.muted}>{error.message}</p>
      ) : null}
      {action()}
    </div>
  );
}
