import { formatGel } from './gel-format';

/**
 * What each notification says (contract v1.4): its title and body, plain Georgian text, and the
 * message an SMS or e-mail carries. They name amounts, dates and a loan's number only: never a
 * personal number, never more of a card than its last four digits (an SMS is read on a locked
 * screen).
 */

/** The kinds, in the contract's order (the preferences list them so). */
export const NOTIFICATION_KINDS = [
  'payment_due',
  'payment_received',
  'payment_declined',
  'overdue',
  'application_decided',
  'complaint_answered',
  'hardship_decided',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What an event tells, with what its words need beyond the contract's fields. */
export type NotificationEvent =
  | { kind: 'payment_due'; loan: number; amount: string; date: string; reminder: 'before' | 'due' }
  | { kind: 'payment_received'; loan: number; order: number | null; amount: string; date: string }
  | { kind: 'payment_declined'; loan: number; order: number; amount: string; last4: string | null }
  | { kind: 'overdue'; loan: number; amount: string; date: string; noticeDay: string }
  | { kind: 'application_decided'; loan: number | null; amount: string }
  | { kind: 'complaint_answered'; date: string }
  | { kind: 'hardship_decided'; loan: number; accepted: boolean };

export interface Words {
  title: string;
  body: string;
}

/** A calendar date as Georgians write it by hand: 22.12.2026. */
export const dateWords = (isoDate: string): string => isoDate.split('-').reverse().join('.');

export function wordsOf(event: NotificationEvent): Words {
  switch (event.kind) {
    case 'payment_due':
      return {
        title: event.reminder === 'due' ? 'დღეს გადახდის დღეა' : 'გადახდის შეხსენება',
        body: `სესხი №${event.loan}: გადასახდელია ${formatGel(event.amount)}, გადახდის თარიღი ${dateWords(event.date)}.`,
      };
    case 'payment_received':
      return {
        title: 'გადახდა მიღებულია',
        body: `სესხი №${event.loan}: მივიღეთ ${formatGel(event.amount)}, ${dateWords(event.date)}. გმადლობთ.`,
      };
    case 'payment_declined':
      return {
        title: 'გადახდა ვერ შესრულდა',
        body: `სესხი №${event.loan}: ${formatGel(event.amount)}-ის გადახდა ${
          event.last4 ? `ბარათით ****${event.last4} ` : ''
        }ბანკმა უარყო. სცადეთ სხვა ბარათით ან მოგვიანებით.`,
      };
    case 'overdue':
      return {
        title: 'გადახდა ვადაგადაცილებულია',
        body: `სესხი №${event.loan}: ${dateWords(event.date)}-ის გადახდა არ შესრულებულა. ვადაგადაცილებული თანხა პირგასამტეხლოთი: ${formatGel(event.amount)}. გადაიხადეთ დღესვე, რომ პირგასამტეხლო არ გაიზარდოს.`,
      };
    case 'application_decided':
      return event.loan === null
        ? {
            title: 'განაცხადი უარყოფილია',
            body: `${formatGel(event.amount)}-ის სესხის განაცხადი ვერ დავაკმაყოფილეთ.`,
          }
        : {
            title: 'სესხი გაცემულია',
            body: `${formatGel(event.amount)}-ის განაცხადი დამტკიცდა: სესხი №${event.loan} გაცემულია.`,
          };
    case 'complaint_answered':
      return {
        title: 'საჩივარს უპასუხეს',
        body: `თქვენს საჩივარზე პასუხი გაიცა ${dateWords(event.date)}. პასუხს ნახავთ საჩივრების გვერდზე.`,
      };
    case 'hardship_decided':
      return event.accepted
        ? {
            title: 'დახმარების მოთხოვნა დაკმაყოფილდა',
            body: `სესხი №${event.loan}: თქვენი მოთხოვნა დაკმაყოფილდა. პასუხს ნახავთ სესხის გვერდზე.`,
          }
        : {
            title: 'დახმარების მოთხოვნა არ დაკმაყოფილდა',
            body: `სესხი №${event.loan}: თქვენი მოთხოვნა ვერ დავაკმაყოფილეთ. პასუხს ნახავთ სესხის გვერდზე.`,
          };
  }
}

/** Where a message sends the customer: the complaints page for an answer, else their loans. */
export const linkOf = (site: string, kind: NotificationKind): string =>
  `${site}${kind === 'complaint_answered' ? '/complaints' : '/'}`;

/** An SMS or e-mail: the notification's words and the link to the client's site. */
export const messageOf = (site: string, kind: NotificationKind, words: Words): string =>
  `${words.title}. ${words.body} ${linkOf(site, kind)}`;
