import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ApiError } from 'shared/api/api-error';
import { FormAlert } from 'shared/forms/form-alert';
import { SubmitButton } from 'shared/forms/submit-button';
import { handleSubmitWrite } from 'shared/forms/submit-write';
import { formatDate, formatMoney } from 'shared/lib/money';
import { formatDateTime } from 'shared/lib/tbilisi-time';
import { loansQuery } from 'shared/query/account-queries';
import { useWrite } from 'shared/query/use-write';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import {
  COMPLAINT_TEXT_MAX,
  COMPLAINT_TOPICS,
  type Complaint,
  type ComplaintAsk,
  type ComplaintTopic,
  complaintsQuery,
  sendComplaint,
} from '../api/complaints';
import { kaComplaints as t } from '../ka-complaints';
import {
  type ComplaintFields,
  complaintFormSchema,
  oneParagraph,
} from '../lib/complaint-form-schema';
import styles from './complaints.module.css';

const FIELDS = ['topic', 'loan', 'text'] as const;

/** The complaint's words for a throttled send: when the next may go, in Tbilisi's time. */
function throttledMessage(error: ApiError): string | null {
  if (error.status !== 429) return null;
  if (error.retryAfterSeconds === null) return error.message;
  const reopens = new Date(Date.now() + error.retryAfterSeconds * 1000).toISOString();
  return format(t.throttledUntil, { time: formatDateTime(reopens) });
}

function useSendComplaint() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationKey: ['account', 'complaints'],
    mutationFn: sendComplaint,
    // The new complaint heads the list (newest first), without asking for it again.
    onSuccess: (sent) => {
      queryClient.setQueryData(complaintsQuery.queryKey, (before) => [sent, ...(before ?? [])]);
    },
  });
}

/** What the customer sent, said where the focus goes: its case number and answer date. */
function SentNote({ complaint }: { complaint: Complaint }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1}>
      <Alert tone="success">
        {format(t.sent, { number: complaint.number, date: formatDate(complaint.answer_due) })}
      </Alert>
    </div>
  );
}

/**
 * A new complaint: its topic, the loan it is about (if any), and the text with a live count
 * of what will be sent (20 to 2000 characters). Opened from a loan or from the consents, the
 * loan or the topic comes chosen.
 */
export function ComplaintForm({
  requestedLoan,
  requestedTopic,
}: {
  requestedLoan: number | null;
  requestedTopic: ComplaintTopic | null;
}) {
  const ids = useId();
  const loans = useQuery(loansQuery);
  const write = useSendComplaint();
  const [sent, setSent] = useState<Complaint | null>(null);
  const form = useForm<ComplaintFields, unknown, ComplaintAsk>({
    resolver: zodResolver(complaintFormSchema),
    defaultValues: { topic: requestedTopic ?? '', loan: '', text: '' },
  });
  const { register, control, formState } = form;
  const text = useWatch({ control, name: 'text' });
  const count = oneParagraph(text).length;

  // The loan the page was opened for is chosen once the customer's loans show it is theirs.
  const known = loans.data?.some((loan) => loan.id === requestedLoan) ?? false;
  useEffect(() => {
    if (known && requestedLoan !== null && !form.getFieldState('loan').isDirty) {
      form.setValue('loan', String(requestedLoan));
    }
  }, [known, requestedLoan, form]);

  const submit = handleSubmitWrite(form, {
    send: (ask) => {
      setSent(null);
      return write.send(ask);
    },
    onSent: (complaint) => {
      setSent(complaint);
      form.reset({ topic: '', loan: '', text: '' });
    },
    fields: FIELDS,
    describe: throttledMessage,
  });

  const topicError = formState.errors.topic?.message;
  const loanError = formState.errors.loan?.message;
  const textError = formState.errors.text?.message;
  const tooLong = count > COMPLAINT_TEXT_MAX;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.sectionTitle}>
        {t.formTitle}
      </h2>
      {sent ? <SentNote complaint={sent} /> : null}
      <fieldset
        className={styles.group}
        aria-invalid={topicError ? true : undefined}
        aria-describedby={topicError ? `${ids}-topic-error` : undefined}
      >
        <legend className={styles.legend}>{t.topic}</legend>
        {COMPLAINT_TOPICS.map((topic) => (
          <label key={topic} className={styles.option}>
            <input type="radio" value={topic} {...register('topic')} />
            <span>{t.topics[topic]}</span>
          </label>
        ))}
        {topicError ? (
          <p id={`${ids}-topic-error`} className={styles.error}>
            {topicError}
          </p>
        ) : null}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${ids}-loan`} className={styles.legend}>
          {t.loan}
        </label>
        <select
          id={`${ids}-loan`}
          className={styles.select}
          aria-invalid={loanError ? true : undefined}
          aria-describedby={loanError ? `${ids}-loan-error` : undefined}
          {...register('loan')}
        >
          <option value="">{t.noLoan}</option>
          {(loans.data ?? []).map((loan) => (
            <option key={loan.id} value={String(loan.id)}>
              {format(t.loanOption, {
                id: loan.id,
                amount: formatMoney(loan.amount),
                date: formatDate(loan.issued_at),
              })}
            </option>
          ))}
        </select>
        {loanError ? (
          <p id={`${ids}-loan-error`} className={styles.error}>
            {loanError}
          </p>
        ) : null}
        {loans.isError ? <p className={styles.note}>{t.loansFailed}</p> : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${ids}-text`} className={styles.legend}>
          {t.text}
        </label>
        <p id={`${ids}-text-hint`} className={styles.note}>
          {t.textHint}
        </p>
        <textarea
          id={`${ids}-text`}
          className={styles.textarea}
          rows={6}
          aria-invalid={textError ? true : undefined}
          aria-describedby={[
            `${ids}-text-hint`,
            `${ids}-text-count`,
            textError ? `${ids}-text-error` : '',
          ]
            .filter(Boolean)
            .join(' ')}
          {...register('text')}
        />
        <p id={`${ids}-text-count`} className={tooLong ? styles.error : styles.note}>
          {format(t.count, { count, max: COMPLAINT_TEXT_MAX })}
        </p>
        {textError ? (
          <p id={`${ids}-text-error`} className={styles.error}>
            {textError}
          </p>
        ) : null}
      </div>
      <FormAlert control={control} />
      <div>
        <SubmitButton control={control} busyLabel={t.sending}>
          {t.send}
        </SubmitButton>
      </div>
    </form>
  );
}
