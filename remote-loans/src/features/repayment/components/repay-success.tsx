import { formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { DoneMessage } from '../../../components/money-action/confirm-step';
import { kaLoans } from '../../../ka-loans';
import type { Payment } from './repay-form';

const t = kaLoans.repay;

/** What the customer hears after paying: the money actions' done message. */
export function RepaySuccess({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  return (
    <DoneMessage closeLabel={t.close} onClose={onClose}>
      <strong>{t.success}</strong>{' '}
      {format(t.successAmount, { amount: formatMoney(payment.amount) })}
      {payment.loan.status === 'repaid' ? ` ${t.successRepaid}` : null}
    </DoneMessage>
  );
}
