import { useEffect, useState } from 'react';
import type { Complaint } from '../api/complaints';

/** Today in Tbilisi as an ISO date ("2026-11-26"), wherever the page is read. */
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

/** Unanswered after the day it was due: the customer may go to the National Bank now. */
export function isPastDue(complaint: Complaint, today: string | null): boolean {
  return complaint.status === 'received' && today !== null && today > complaint.answer_due;
}
