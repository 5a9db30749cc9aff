import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from 'shared/api/api-error';
import { formatDate } from 'shared/lib/money';
import { useWrite } from 'shared/query/use-write';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import disclosure from '../../../components/disclosure.module.css';
import { useOpenedOnce } from '../../../hooks/use-opened-once';
import { kaLoans } from '../../../ka-loans';
import {
  askHardship,
  HARDSHIP_KINDS,
  HARDSHIP_REASONS,
  HARDSHIP_TEXT_MAX,
  type HardshipAsk,
  type HardshipRequest,
  hardshipQuery,
} from '../api/hardship';
import styles from './hardship.module.css';

const t = kaLoans.hardship;

/** Where the last request stands: being considered (and till when), or the lender's answer. */
function RequestState({ request }: { request: HardshipRequest }) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // Just sent or answered: the focus goes to what the customer is waiting for.
    heading.current?.focus();
  }, []);
  return (
    <div className={styles.state}>
      <p ref={heading} tabIndex={-1} className={styles.stateTitle}>
        {t.kinds[request.kind]}
      </p>
      {request.status === 'received' ? (
        <>
          <p>{format(t.received, { date: formatDate(request.answer_due) })}</p>
          <p className={styles.note}>{t.openExplained}</p>
        </>
      ) : (
        <>
          <p>{request.status === 'accepted' ? t.accepted : t.declined}</p>
          {request.answer ? <p>{format(t.answer, { answer: request.answer })}</p> : null}
        </>
      )}
    </div>
  );
}

type Choice<T extends string> = T | '';

function RadioGroup<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: Choice<T>;
  error: string | null;
  onChange: (value: T) => void;
}) {
  const errorId = useId();
  return (
    <fieldset
      className={styles.group}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {options.map((option) => (
        <label key={option} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          <span>{labels[option]}</span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The request: what would help, why, and a few words if the customer wants; sent once. */
function HardshipForm({ loanId, onSent }: { loanId: number; onSent: () => void }) {
  const queryClient = useQueryClient();
  const textId = useId();
  const [kind, setKind] = useState<Choice<HardshipAsk['kind']>>('');
  const [reason, setReason] = useState<Choice<HardshipAsk['reason']>>('');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const write = useWrite({
    mutationKey: ['account', 'hardship', loanId],
    mutationFn: (ask: HardshipAsk) => askHardship(loanId, ask),
    onSuccess: (sent) => {
      queryClient.setQueryData(hardshipQuery(loanId).queryKey, (before) => [
        sent,
        ...(before ?? []),
      ]);
    },
  });
  // Sent as one paragraph: the contract refuses control characters, line breaks among them.
  const oneParagraph = text.replace(/\s+/g, ' ').trim();
  const tooLong = oneParagraph.length > HARDSHIP_TEXT_MAX;
  const kindError = tried && !kind ? t.kindRequired : null;
  const reasonError = tried && !reason ? t.reasonRequired : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (!kind || !reason || tooLong) return;
    try {
      if (await write.send({ kind, reason, text: oneParagraph })) onSent();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'hardship_request_open') {
        // One sent elsewhere (another tab) is being considered: show it, as the provider has it.
        await queryClient.invalidateQueries({ queryKey: hardshipQuery(loanId).queryKey });
        return;
      }
      setFailure(
        error instanceof ApiError && error.code === 'loan_closed'
          ? t.closed
          : error instanceof ApiError && error.message
            ? error.message
            : t.failed,
      );
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <RadioGroup
        legend={t.kind}
        name={`hardship-kind-${loanId}`}
        options={HARDSHIP_KINDS}
        labels={t.kinds}
        value={kind}
        error={kindError}
        onChange={setKind}
      />
      <RadioGroup
        legend={t.reason}
        name={`hardship-reason-${loanId}`}
        options={HARDSHIP_REASONS}
        labels={t.reasons}
        value={reason}
        error={reasonError}
        onChange={setReason}
      />
      <div className={styles.field}>
        <label htmlFor={textId}>{t.text}</label>
        <textarea
          id={textId}
          className={styles.textarea}
          rows={3}
          value={text}
          aria-describedby={`${textId}-count`}
          aria-invalid={tooLong ? true : undefined}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <p id={`${textId}-count`} className={tooLong ? styles.error : styles.note}>
          {tooLong
            ? format(t.tooLong, { max: HARDSHIP_TEXT_MAX })
            : format(t.count, { count: oneParagraph.length, max: HARDSHIP_TEXT_MAX })}
        </p>
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div>
        <Button type="submit" disabled={write.busy}>
          {write.busy ? t.sending : t.send}
        </Button>
      </div>
    </form>
  );
}

function HardshipBody({ loanId }: { loanId: number }) {
  const requests = useQuery(hardshipQuery(loanId));
  const [justSent, setJustSent] = useState(false);
  if (requests.isPending) return <p className={styles.note}>{t.loading}</p>;
  if (requests.isError) {
    return <LoadError message={t.error} onRetry={() => void requests.refetch()} />;
  }
  const latest = requests.data[0];
  const open = latest?.status === 'received';
  return (
    <div className={styles.body} aria-live={justSent ? 'polite' : undefined}>
      {latest ? <RequestState key={latest.id} request={latest} /> : <p>{t.intro}</p>}
      {open ? null : <HardshipForm loanId={loanId} onSent={() => setJustSent(true)} />}
    </div>
  );
}

/**
 * Help before a loan goes bad (contract v1.2), offered on the overdue notice and on every open
 * loan: a payment holiday, another date or a restructuring, with the request's state and the
 * lender's answer where the offer is. Asked for only when the customer opens it.
 */
export function HardshipHelp({ loanId }: { loanId: number }) {
  const { ref, opened, onToggle } = useOpenedOnce();
  return (
    <details ref={ref} className={disclosure.details} onToggle={onToggle}>
      <summary>{t.offer}</summary>
      {opened ? <HardshipBody loanId={loanId} /> : null}
    </details>
  );
}
