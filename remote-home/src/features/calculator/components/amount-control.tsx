import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { formatMoney } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { kaCalculator as t } from '../ka-calculator';
import { type Bounds, clampLari, lariToMoney, readTypedAmount, sliderStep } from '../lib/amount';
import styles from './calculator.module.css';

const lari = (n: number) => formatMoney(lariToMoney(n));

interface AmountControlProps {
  /** The amount in whole lari the calculator is showing. */
  value: number;
  bounds: Bounds;
  onChange: (lari: number) => void;
  /** Whether the field holds an amount the calculator can ask for (false while it does not). */
  onValidity: (valid: boolean) => void;
}

type Notice = { tone: 'error' | 'info'; text: string } | null;

/**
 * The amount as a slider and a number field kept in step. The field refuses anything but
 * digits as it is typed, says when a typed amount is outside the bounds (and then asks for no
 * figures), and brings it into range on leaving the field — saying so, so nothing typed is
 * lost without a word.
 */
export function AmountControl({ value, bounds, onChange, onValidity }: AmountControlProps) {
  const fieldId = useId();
  const noticeId = useId();
  const rangeId = useId();
  // What the field shows while the customer types; null when it simply shows `value`.
  const [typed, setTyped] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const step = sliderStep(bounds);
  const field = useRef<HTMLInputElement>(null);
  const slider = useRef<HTMLInputElement>(null);

  const onType = (text: string) => {
    const read = readTypedAmount(text);
    if (!read) {
      setNotice({ tone: 'error', text: t.amountDigitsOnly });
      return;
    }
    setTyped(read.text);
    const valid = read.lari !== null && read.lari >= bounds.min && read.lari <= bounds.max;
    onValidity(valid);
    if (read.lari === null) setNotice({ tone: 'error', text: t.amountMissing });
    else if (read.lari < bounds.min)
      setNotice({ tone: 'error', text: format(t.amountBelow, { min: lari(bounds.min) }) });
    else if (read.lari > bounds.max)
      setNotice({ tone: 'error', text: format(t.amountAbove, { max: lari(bounds.max) }) });
    else {
      setNotice(null);
      onChange(read.lari);
    }
  };

  // An amount typed or slid to on the server's page before this script took it over stays:
  // it is taken as the customer left it, so the figures follow what the customer sees. The
  // browser keeps a range input's value on its steps and within its bounds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the inputs become the script's.
  useEffect(() => {
    const typedBefore = field.current?.value;
    const slidBefore = slider.current?.value;
    if (typedBefore !== undefined && typedBefore !== String(value)) onType(typedBefore);
    else if (slidBefore !== undefined && slidBefore !== String(value))
      onChange(clampLari(Number(slidBefore), bounds));
  }, []);

  const onLeave = () => {
    if (typed === null) return;
    const read = readTypedAmount(typed);
    setTyped(null);
    onValidity(true);
    if (!read || read.lari === null) {
      setNotice({ tone: 'info', text: format(t.amountRestored, { amount: lari(value) }) });
      return;
    }
    const inRange = clampLari(read.lari, bounds);
    if (inRange !== read.lari) {
      const template = inRange > read.lari ? t.amountRaised : t.amountLowered;
      setNotice({ tone: 'info', text: format(template, { amount: lari(inRange) }) });
    }
    onChange(inRange);
  };

  // Arrows, Home and End are the range input's own; Page Up/Down move ten steps.
  const onSliderKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'PageUp' && event.key !== 'PageDown') return;
    event.preventDefault();
    const direction = event.key === 'PageUp' ? 1 : -1;
    onChange(clampLari(value + direction * step * 10, bounds));
  };

  return (
    <div className={styles.amount}>
      <div className={styles.amountHead}>
        <label htmlFor={fieldId} className={styles.label}>
          {t.amountField}
        </label>
        <div className={styles.fieldWrap}>
          <input
            ref={field}
            id={fieldId}
            name="amount"
            className={styles.amountField}
            inputMode="numeric"
            autoComplete="off"
            value={typed ?? String(value)}
            aria-describedby={notice ? noticeId : undefined}
            aria-invalid={notice?.tone === 'error' ? true : undefined}
            onChange={(event) => onType(event.target.value)}
            onBlur={onLeave}
          />
          <span className={styles.currency} aria-hidden="true">
            ₾
          </span>
        </div>
      </div>
      <label htmlFor={rangeId} className="visually-hidden">
        {t.amountSlider}
      </label>
      <input
        ref={slider}
        id={rangeId}
        className={styles.slider}
        type="range"
        min={bounds.min}
        max={bounds.max}
        step={step}
        value={value}
        aria-valuetext={lari(value)}
        onChange={(event) => {
          setTyped(null);
          setNotice(null);
          onValidity(true);
          onChange(Number(event.target.value));
        }}
        onKeyDown={onSliderKey}
      />
      <div className={styles.rangeEnds} aria-hidden="true">
        <span>{lari(bounds.min)}</span>
        <span>{lari(bounds.max)}</span>
      </div>
      <p
        id={noticeId}
        className={notice?.tone === 'error' ? styles.noticeError : styles.notice}
        role={notice?.tone === 'error' ? 'alert' : 'status'}
      >
        {notice?.text}
      </p>
    </div>
  );
}
