import { useState } from 'react';
import { ConfirmStep } from '../../../components/money-action/confirm-step';
import type { PaymentConfirmProps } from '../../../components/money-action/payment-step';
import { usePayWithCard } from '../hooks/use-pay-with-card';
import { kaCardConfirm } from '../ka-card-confirm';
import type { Attempt } from '../lib/attempt-key';
import { CardChoice, type CardChoiceValue, NEW_CARD } from './card-choice';

const t = kaCardConfirm;

/**
 * A money action's confirmation when the provider takes payments on the bank's page (contract
 * v1.3): the amount as every confirmation states it, the card to pay with, and one button that
 * creates the order and sends the customer to the bank in this tab, once however often it is
 * pressed. The press makes the attempt's Idempotency-Key (attempt-key), which a repetition of
 * that press sends again.
 */
export function CardPaymentConfirm({
  loanId,
  purpose,
  amount,
  words,
  statement,
  figures,
  onBack,
  headingLevel,
}: PaymentConfirmProps) {
  const [choice, setChoice] = useState<CardChoiceValue>(NEW_CARD);
  const payment = usePayWithCard(loanId);
  const attempt: Attempt = { loanId, purpose, amount, ...choice };

  return (
    <ConfirmStep
      words={{ ...words, confirm: t.payWithCard }}
      statement={statement}
      error={payment.problem}
      busy={payment.busy}
      busyLabel={payment.leaving ? t.toBank : t.preparing}
      onConfirm={() => void payment.pay(attempt)}
      onBack={onBack}
      headingLevel={headingLevel}
    >
      {figures}
      {/* What the press is doing, said as it happens (the button's words change only later). */}
      <p role="status" className="visually-hidden">
        {payment.busy ? (payment.leaving ? t.toBank : t.preparing) : null}
      </p>
      <CardChoice value={choice} onChange={setChoice} disabled={payment.busy} />
    </ConfirmStep>
  );
}
