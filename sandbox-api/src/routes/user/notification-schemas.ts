import { z } from 'zod';
import { REMINDER_DAYS, REQUIRED_KINDS } from '../../lib/notification-preferences';
import { NOTIFICATION_KINDS } from '../../lib/notification-words';
import { choiceInput } from '../../lib/text-fields';
import { isoDate, money, timestamp } from '../loan/loan-schemas';

// ---- requests ----

const ID_MESSAGE = 'შეიყვანეთ შეტყობინების ნომერი.';

/** `before` an id: digits naming a row (a path id's range); `unread=1` for unread only. */
export const feedQuery = z
  .object({
    before: z
      .string()
      .max(10)
      .regex(/^[1-9]\d{0,9}$/, ID_MESSAGE)
      .transform(Number)
      .refine((id) => id <= 2_147_483_647, ID_MESSAGE)
      .optional(),
    unread: choiceInput(['0', '1']).optional(),
  })
  .strict();

const ONE_OF = 'მიუთითეთ ან „ids“, ან „all“: true — მხოლოდ ერთი მათგანი.';

/** `{"ids": [...]}` (1 to 100) or `{"all": true}`: exactly one; `"all": false` is neither. */
export const readBody = z
  .object({
    ids: z.array(z.int().min(1).max(2_147_483_647)).min(1).max(100).optional(),
    all: z.boolean().optional(),
  })
  .strict()
  .refine(
    (body) => (body.ids !== undefined) !== (body.all !== undefined) && body.all !== false,
    ONE_OF,
  );

const REMINDER_MESSAGE = `აირჩიეთ ერთ-ერთი: ${REMINDER_DAYS.join(', ')}.`;

const kindChoice = z
  .object({
    kind: choiceInput(NOTIFICATION_KINDS),
    sms: z.boolean(),
    email: z.boolean(),
    // Sent back as the GET gave it; the provider decides which kinds are required.
    required: z.boolean().optional(),
  })
  .strict();

/**
 * Both fields; `kinds` may list only the kinds it changes, each once, and a required kind keeps
 * a channel on.
 */
export const preferencesBody = z
  .object({
    reminder_days: z.union([z.literal(1), z.literal(3), z.literal(5)], {
      error: (issue) => (issue.input === undefined ? 'ეს ველი სავალდებულოა.' : REMINDER_MESSAGE),
    }),
    kinds: z
      .array(kindChoice)
      .max(NOTIFICATION_KINDS.length * 2)
      .superRefine((kinds, ctx) => {
        const seen = new Set<string>();
        for (const choice of kinds) {
          if (seen.has(choice.kind)) {
            ctx.addIssue({ code: 'custom', message: `„${choice.kind}“ ჩამოთვლილია ორჯერ.` });
          }
          seen.add(choice.kind);
          if (REQUIRED_KINDS.has(choice.kind) && !choice.sms && !choice.email) {
            ctx.addIssue({
              code: 'custom',
              message: `„${choice.kind}“: ერთი არხი მაინც უნდა დარჩეს ჩართული.`,
            });
          }
        }
      }),
  })
  .strict();

// ---- answers ----

export const notificationSchema = z.object({
  id: z.int(),
  // Open: a client shows the provider's words for a kind it does not know.
  kind: z.string().min(1),
  created_at: timestamp,
  read_at: timestamp.nullable(),
  loan: z.int().nullable(),
  order: z.int().nullable(),
  amount: money.nullable(),
  date: isoDate.nullable(),
  title: z.string(),
  body: z.string(),
});

export const feedSchema = z.object({
  results: z.array(notificationSchema),
  has_more: z.boolean(),
});

export const unreadSchema = z.object({ unread: z.int().nonnegative() });

export const preferencesSchema = z.object({
  reminder_days: z.union([z.literal(1), z.literal(3), z.literal(5)]),
  kinds: z.array(
    z.object({
      kind: z.enum(NOTIFICATION_KINDS),
      sms: z.boolean(),
      email: z.boolean(),
      required: z.boolean(),
    }),
  ),
});
