import { z } from 'zod';
import { COMPLAINT_TOPICS } from '../../lib/complaints';
import { choiceInput, textInput } from '../../lib/text-fields';

// A form or a client may send the id as text; JSON as a number. Null or left out: no loan.
const loanId = z
  .preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z.int().positive().max(2_147_483_647),
  )
  .nullable()
  .default(null);

export const complaintBody = z
  .object({
    topic: choiceInput(COMPLAINT_TOPICS),
    loan: loanId,
    text: textInput(20, 2000),
  })
  .strict();

export const complaintSchema = z.object({
  id: z.int(),
  number: z.string().regex(/^GE-\d{4}-\d{6}$/),
  topic: z.enum(COMPLAINT_TOPICS),
  loan: z.int().nullable(),
  text: z.string(),
  status: z.enum(['received', 'answered']),
  created_at: z.iso.datetime(),
  answer_due: z.iso.date(),
  answer: z.string().nullable(),
  answered_at: z.iso.datetime().nullable(),
});
