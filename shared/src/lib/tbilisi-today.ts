import { useEffect, useState } from 'react';

/**
 * Today in Tbilisi as an ISO date ("2026-11-26"), wherever the page is read. Call it from
 * effects and handlers, never during render: the server's HTML and the browser's would differ.
 *
 * A module of its own: a slice released with it uses its own copy against a host whose shared
 * predates it (decision 019).
 */
export function tbilisiToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tbilisi' }).format(now);
}

/**
 * Today in Tbilisi, known once the page runs in the browser (an effect: a render must not read
 * the clock, or the server's HTML and the browser's could disagree); null before.
 */
export function useTbilisiToday(): string | null {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => setToday(tbilisiToday()), []);
  return today;
}
