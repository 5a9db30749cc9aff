import { useEffect, useRef } from 'react';
import { format } from 'shared/strings/ka';
import { kaCalculator as t } from '../ka-calculator';
import styles from './calculator.module.css';

/**
 * The loan's duration among the terms the provider allows. One allowed term fixes the
 * duration (spec §5): it is stated, not offered as a choice.
 */
export function TermChoice({
  terms,
  value,
  onChange,
}: {
  terms: readonly number[];
  value: number;
  onChange: (term: number) => void;
}) {
  const options = useRef<HTMLDivElement>(null);
  // A term chosen on the server's page before this script took it over is kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the choice becomes the script's.
  useEffect(() => {
    const chosen = options.current?.querySelector<HTMLInputElement>('input:checked');
    if (chosen && Number(chosen.value) !== value) onChange(Number(chosen.value));
  }, []);
  if (terms.length <= 1) {
    return (
      <div className={styles.termFixed}>
        <span className={styles.label}>{t.term}</span>
        <span className={styles.termFixedValue}>
          {format(t.months, { count: terms[0] ?? value })}
        </span>
        <input type="hidden" name="term" value={terms[0] ?? value} />
      </div>
    );
  }
  return (
    <fieldset className={styles.terms}>
      <legend className={styles.label}>{t.term}</legend>
      <div className={styles.termOptions} ref={options}>
        {terms.map((term) => (
          <label key={term} className={styles.termOption}>
            <input
              type="radio"
              name="term"
              value={term}
              checked={term === value}
              onChange={() => onChange(term)}
            />
            <span>{format(t.months, { count: term })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
