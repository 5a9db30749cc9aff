import type { Complaint } from '../api/complaints';

/** Unanswered after the day it was due: the customer may go to the National Bank now. */
export function isPastDue(complaint: Complaint, today: string | null): boolean {
  return complaint.status === 'received' && today !== null && today > complaint.answer_due;
}
