import { useEffect, useRef } from 'react';
import { formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { kaLoans } from '../../../ka-loans';
import type { Payment } from './repay-form';
import styles from './repay-form.module.css';

const t = kaLoans.repay;

/**
 * What the customer hears after paying. The form they used is gone, so the message takes the
 * focus: the keyboard stays where the customer was.
 */
export function RepaySuccess({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <div ref={box} tabIndex={-1} className={styles.success}>
      <Alert tone="success">
        <strong>{t.success}</strong>{' '}
        {format(t.successAmount, { amount: formatMoney(payment.amount) })}
        {payment.loan.status === 'repaid' ? ` ${t.successRepaid}` : null}
      </Alert>
      <Button variant="ghost" onClick={onClose}>
        {t.close}
      </Button>
    </div>
  );
}
