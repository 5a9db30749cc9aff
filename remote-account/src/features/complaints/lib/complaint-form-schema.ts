import { format } from 'shared/strings/ka';
import * as z from 'shared/validation/zod';
import { COMPLAINT_TEXT_MAX, COMPLAINT_TEXT_MIN, COMPLAINT_TOPICS } from '../api/complaints';
import { kaComplaints as t } from '../ka-complaints';

/**
 * What is sent of what was typed: one paragraph, trimmed. The contract refuses control
 * characters, line breaks among them, and counts the text after trimming; the live count
 * counts this.
 */
export const oneParagraph = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The form's fields as typed: a loan is its id as the select holds it, '' for none. */
export interface ComplaintFields {
  topic: string;
  loan: string;
  text: string;
}

export const complaintFormSchema = z.object({
  // Nothing chosen is '' in the form: a string until it is one of the topics.
  topic: z.pipe(z.string(), z.enum(COMPLAINT_TOPICS, t.topicRequired)),
  loan: z.pipe(
    z.string(),
    z.transform((loan) => (loan === '' ? null : Number(loan))),
  ),
  text: z.pipe(
    z.pipe(z.string(), z.transform(oneParagraph)),
    z
      .string()
      .check(
        z.minLength(COMPLAINT_TEXT_MIN, format(t.tooShort, { min: COMPLAINT_TEXT_MIN })),
        z.maxLength(COMPLAINT_TEXT_MAX, format(t.tooLong, { max: COMPLAINT_TEXT_MAX })),
      ),
  ),
});
