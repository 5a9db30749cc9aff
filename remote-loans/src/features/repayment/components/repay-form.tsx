import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm, useWatch } from 'react-hook-form';
import type { Loan } from 'shared/api/loan/loans';
import { FormAlert } from 'shared/forms/form-alert';
import { FormTextField } from 'shared/forms/form-text-field';
import { applyServerError } from 'shared/forms/server-errors';
import { formatMoney, fromTetri, toTetri } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { Skeleton } from 'shared/ui/skeleton';
import choiceStyles from '../../../components/choices.module.css';
import { ConfirmStep } from '../../../components/money-action/confirm-step';
import { Figures } from '../../../components/money-action/figures';
import type { PaymentStep } from '../../../components/money-action/payment-step';
import { kaLoans } from '../../../ka-loans';
import { knownRefusal } from '../../../lib/refusal';
import { useRepay } from '../hooks/use-repay';
import { type RepayValues, repaySchema } from '../lib/repay-schema';
import {
  amountOf,
  availableChoices,
  type OverdueFigures,
  type RepayChoice,
  repaymentTerms,
} from '../lib/repayment-terms';
import styles from './repay-form.module.css';

const t = kaLoans.repay;

const money = (tetri: number) => formatMoney(fromTetri(tetri));

/** A completed payment: what was paid, and the loan as the provider now has it. */
export interface Payment {
  amount: string;
  loan: Loan;
}

export interface RepayFormProps {
  loan: Loan;
  /** The overdue answer: its penalty and total due count only when it is about this loan. */
  overdue: OverdueFigures | null | undefined;
  /** The choice selected when the form opens (the overdue notice opens on the total due). */
  initialChoice?: RepayChoice;
  /**
   * An amount the form opens on, when no choice is given: the choice of that amount, or
   * another amount typed in (paying again what did not go through).
   */
  initialAmount?: string;
  headingLevel?: 3 | 4;
  /** How the confirmed amount is paid: the card payment, or repay/ (the page composes it). */
  paymentStep: PaymentStep;
  onPaid: (payment: Payment) => void;
  onCancel: () => void;
}

/**
 * What the form opens on: the given choice; else the choice whose amount is the given amount,
 * or that amount typed under "another amount" (as the customer would type it, a comma for the
 * tetri); else the first choice.
 */
function openingChoice(
  terms: ReturnType<typeof repaymentTerms>,
  choices: readonly RepayChoice[],
  initialChoice: RepayChoice | undefined,
  initialAmount: string | undefined,
): RepayValues {
  if (initialChoice && choices.includes(initialChoice))
    return { choice: initialChoice, amount: '' };
  const tetri = initialAmount === undefined ? null : toTetri(initialAmount);
  if (tetri !== null) {
    const same = choices.find(
      (option) => option !== 'other' && amountOf(option, terms, '') === tetri,
    );
    if (same) return { choice: same, amount: '' };
    if (choices.includes('other')) {
      return { choice: 'other', amount: fromTetri(tetri).replace('.', ',') };
    }
  }
  return { choice: choices[0] ?? 'full', amount: '' };
}

const CHOICE_LABEL: Record<RepayChoice, string> = {
  next: t.next,
  overdue: t.totalDue,
  full: t.full,
  other: t.other,
};

/**
 * Repaying one loan in two steps: what to pay (the next payment, the overdue total, all that
 * is owed, or another amount within the provider's bounds), then a confirmation with what
 * remains afterwards. The confirmation sends once (useWrite). A refusal comes back to the first
 * step with the provider's words, the choice and the typed amount kept.
 */
export function RepayForm({
  loan,
  overdue,
  initialChoice,
  initialAmount,
  headingLevel = 3,
  paymentStep,
  onPaid,
  onCancel,
}: RepayFormProps) {
  const terms = repaymentTerms(loan, overdue);
  const choices = availableChoices(terms);
  const { min, max, penalty } = terms;
  const schema = useMemo(() => repaySchema({ min, max, penalty }), [min, max, penalty]);
  const opening = openingChoice(terms, choices, initialChoice, initialAmount);
  const form = useForm<RepayValues>({
    resolver: zodResolver(schema),
    defaultValues: opening,
  });
  const choice = useWatch({ control: form.control, name: 'choice' });
  // One payment of this loan at a time, here or wherever else it is open (useWrite's guard).
  const repay = useRepay(loan.id);
  const [confirming, setConfirming] = useState<number | null>(null);
  const focusNext = useRef<'choice' | 'confirm' | 'continue' | null>('choice');
  const continueButton = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const Heading = headingLevel === 4 ? 'h4' : 'h3';

  // Fresh figures may take a choice away (the overdue total once it is paid): fall back.
  useEffect(() => {
    if (!choices.includes(choice)) form.setValue('choice', choices[0] ?? 'full');
  }, [choices, choice, form]);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    // The confirmation takes the focus itself (ConfirmStep); the first step's targets are here.
    if (confirming !== null) return;
    if (target === 'continue') continueButton.current?.focus();
    else if (target === 'choice') {
      formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
    }
  }, [confirming]);

  const onContinue = form.handleSubmit((values) => {
    const amount = amountOf(values.choice, terms, values.amount);
    if (amount === null) return;
    focusNext.current = 'confirm';
    setConfirming(amount);
  });

  const back = () => {
    focusNext.current = 'continue';
    setConfirming(null);
  };

  const confirm = async () => {
    if (confirming === null) return;
    const amount = fromTetri(confirming);
    try {
      const paid = await repay.send(amount);
      if (!paid) return;
      // A form its owner keeps open starts afresh: this confirmation has been paid.
      setConfirming(null);
      onPaid({ amount, loan: paid });
    } catch (error) {
      // Back to the first step, rendered before the error is set so its field can take focus.
      flushSync(() => setConfirming(null));
      applyServerError(form, error, {
        fields: form.getValues('choice') === 'other' ? ['amount'] : [],
        // A loan already repaid is said in our words, whatever language the provider's is.
        describe: knownRefusal,
      });
    }
  };

  if (confirming !== null) {
    const remains = Math.max(0, max - confirming);
    const statement = format(t.confirmStatement, { amount: money(confirming) });
    const figures = (
      <Figures
        rows={[
          { term: t.willPay, value: money(confirming), strong: true },
          penalty > 0 && { term: t.penaltyFirst, value: money(Math.min(penalty, confirming)) },
          { term: t.remains, value: money(remains) },
        ]}
      />
    );
    // v1.3: the bank's page takes the payment; before it, repay/ does (below).
    if (!paymentStep.direct) {
      return paymentStep.confirm({
        loanId: loan.id,
        purpose: 'repayment',
        amount: fromTetri(confirming),
        words: t,
        statement,
        figures,
        onBack: back,
        headingLevel,
        pending: <Skeleton height="10rem" />,
      });
    }
    return (
      <ConfirmStep
        words={t}
        statement={statement}
        error={null}
        busy={repay.busy}
        busyLabel={t.paying}
        onConfirm={() => void confirm()}
        onBack={back}
        headingLevel={headingLevel}
      >
        {figures}
      </ConfirmStep>
    );
  }

  const amountOfChoice = (option: RepayChoice) => {
    const tetri = option === 'other' ? null : amountOf(option, terms, '');
    return tetri === null ? null : money(tetri);
  };

  return (
    <form
      ref={formRef}
      className={styles.repay}
      onSubmit={onContinue}
      noValidate
      aria-labelledby={headingId}
    >
      <Heading id={headingId} className={styles.title}>
        {t.title}
      </Heading>
      <FormAlert control={form.control} />
      <fieldset className={choiceStyles.choices}>
        <legend className={choiceStyles.legend}>{t.choose}</legend>
        {choices.map((option) => (
          <label key={option} className={choiceStyles.choice}>
            <input type="radio" value={option} {...form.register('choice')} />
            <span className={styles.choiceText}>
              <span>{CHOICE_LABEL[option]}</span>{' '}
              {amountOfChoice(option) ? (
                <strong className={styles.choiceAmount}>{amountOfChoice(option)}</strong>
              ) : null}
            </span>
          </label>
        ))}
      </fieldset>
      {choice === 'other' ? (
        <FormTextField
          control={form.control}
          name="amount"
          label={t.otherLabel}
          hint={format(t.otherHint, { min: money(min), max: money(max) })}
          inputMode="decimal"
          autoComplete="off"
        />
      ) : null}
      <div className={styles.actions}>
        <Button ref={continueButton} type="submit">
          {t.continue}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
