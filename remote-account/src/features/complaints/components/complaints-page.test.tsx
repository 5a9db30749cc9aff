import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { formatDate, formatMoney } from 'shared/lib/money';
import { tbilisiToday } from 'shared/lib/tbilisi-today';
import { queryClient } from 'shared/query/query-client';
import { format } from 'shared/strings/ka';
import { mswServer } from 'shared/testing/msw-server';
import { renderInRouter } from 'shared/testing/render';
import { dropSession, holdSession } from 'shared/testing/session';
import type { Complaint } from '../api/complaints';
import { kaComplaints as t } from '../ka-complaints';
import ComplaintsPage from './complaints-page';

const COMPLAINTS = '*/api/support/complaints/';

/** Text as Testing Library compares it: the formatter's no-break spaces made plain. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

const answered: Complaint = {
  id: 2,
  number: 'GE-2026-000002',
  topic: 'payment',
  loan: 11,
  text: 'გადახდა ორჯერ ჩამომეჭრა ბარათიდან, გთხოვთ დააბრუნოთ.',
  status: 'answered',
  created_at: '2026-10-01T09:00:00Z',
  answer_due: '2026-11-01',
  answer: 'მეორე გადახდა დაგიბრუნდათ 3 ოქტომბერს.',
  answered_at: '2026-10-03T11:30:00Z',
};

/** Sent a month ago and more, never answered: its answer date has passed. */
const late: Complaint = {
  id: 1,
  number: 'GE-2026-000001',
  topic: 'service',
  loan: null,
  text: 'ცხელ ხაზზე ვერ დაგიკავშირდით სამი დღის განმავლობაში.',
  status: 'received',
  created_at: '2020-01-10T09:00:00Z',
  answer_due: '2020-02-10',
  answer: null,
  answered_at: null,
};

/** Sent today: its answer is due in a month. */
function fresh(id: number, ask: { topic: string; loan: number | null; text: string }): Complaint {
  return {
    id,
    number: `GE-2026-${String(id).padStart(6, '0')}`,
    topic: ask.topic as Complaint['topic'],
    loan: ask.loan,
    text: ask.text,
    status: 'received',
    created_at: new Date().toISOString(),
    answer_due: '2099-12-31',
    answer: null,
    answered_at: null,
  };
}

/** The provider's complaints, and every complaint sent to it. */
function provider(existing: Complaint[]) {
  const list = [...existing];
  const sent: unknown[] = [];
  mswServer.use(
    http.get(COMPLAINTS, () => HttpResponse.json(list)),
    http.post(COMPLAINTS, async ({ request }) => {
      const ask = (await request.json()) as { topic: string; loan: number | null; text: string };
      sent.push(ask);
      const complaint = fresh(100 + sent.length, ask);
      list.unshift(complaint);
      return HttpResponse.json(complaint, { status: 201 });
    }),
  );
  return sent;
}

beforeEach(() => holdSession());
afterEach(() => {
  dropSession();
  queryClient.clear();
});

const form = () => screen.getByRole('form', { name: t.formTitle });
const text = () => screen.getByRole('textbox', { name: t.text });
const LONG_ENOUGH = 'სესხის გრაფიკი არ ემთხვევა ხელშეკრულებას, გთხოვთ გადაამოწმოთ.';

describe('a customer’s complaints', () => {
  it('lists each with its case number, state and answer date; the answer and the dispute route once answered', async () => {
    provider([answered]);
    renderInRouter(<ComplaintsPage />, '/complaints');
    const list = await screen.findByRole('list', { name: t.listTitle });
    const item = within(list).getByRole('listitem', { name: new RegExp(answered.number) });
    expect(item).toHaveTextContent(t.statuses.answered);
    expect(item).toHaveTextContent(t.topics.payment);
    expect(item).toHaveTextContent(format(t.aboutLoan, { id: 11 }));
    expect(item).toHaveTextContent(answered.answer ?? '—');
    // Sent and answered at Tbilisi's time (UTC+4).
    expect(item).toHaveTextContent('1 ოქტომბერი, 2026, 13:00');
    expect(item).toHaveTextContent('3 ოქტომბერი, 2026, 15:30');
    const route = within(item).getByRole('note', { name: t.disputeTitle });
    expect(route).toHaveTextContent(plain(format(t.dispute, { limit: formatMoney('50000.00') })));
  });

  it('says a complaint left unanswered past its date is late, and opens the dispute route; one in time has neither', async () => {
    const inTime = { ...late, id: 3, number: 'GE-2026-000003', answer_due: '2099-01-01' };
    provider([inTime, late]);
    renderInRouter(<ComplaintsPage />, '/complaints');
    const list = await screen.findByRole('list', { name: t.listTitle });
    const overdue = within(list).getByRole('listitem', { name: new RegExp(late.number) });
    await waitFor(() => expect(overdue).toHaveTextContent(t.overdue));
    expect(overdue).toHaveTextContent(formatDate(late.answer_due));
    expect(within(overdue).getByRole('note', { name: t.disputeTitle })).toHaveTextContent(
      plain(format(t.disputeOverdue, { limit: formatMoney('50000.00') })),
    );
    const waiting = within(list).getByRole('listitem', { name: new RegExp(inTime.number) });
    expect(waiting).toHaveTextContent(t.statuses.received);
    expect(waiting).not.toHaveTextContent(t.overdue);
    expect(within(waiting).queryByRole('note')).toBeNull();
  });

  it('sends one complaint about the loan it was opened for, as one paragraph, and says its number and date', async () => {
    const user = userEvent.setup();
    const sent = provider([]);
    renderInRouter(<ComplaintsPage />, '/complaints?loan=11');
    // Opened from a loan's card: that loan is chosen once the customer's loans show it.
    const loan = screen.getByRole('combobox', { name: t.loan });
    await waitFor(() => expect(loan).toHaveValue('11'));
    expect(await screen.findByText(t.empty)).toBeInTheDocument();

    await user.click(within(form()).getByRole('radio', { name: t.topics.loan }));
    await user.type(text(), 'სესხის გრაფიკი{Enter}არ ემთხვევა   ხელშეკრულებას.  ');
    // The count is of what will be sent: one paragraph, trimmed.
    const paragraph = 'სესხის გრაფიკი არ ემთხვევა ხელშეკრულებას.';
    expect(form()).toHaveTextContent(format(t.count, { count: paragraph.length, max: 2000 }));
    await user.click(screen.getByRole('button', { name: t.send }));

    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent(
      format(t.sent, { number: 'GE-2026-000101', date: formatDate('2099-12-31') }),
    );
    // Focus goes to what the customer waits for: the case number.
    expect(note.parentElement).toHaveFocus();
    expect(sent).toEqual([{ topic: 'loan', loan: 11, text: paragraph }]);
    const list = screen.getByRole('list', { name: t.listTitle });
    expect(within(list).getByRole('listitem', { name: /GE-2026-000101/ })).toBeInTheDocument();
    // The form is empty again for another.
    expect(text()).toHaveValue('');
  });

  it('asks for a topic and at least 20 characters before anything is sent, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const sent = provider([]);
    renderInRouter(<ComplaintsPage />, '/complaints');
    await screen.findByText(t.empty);
    await user.type(text(), '   მოკლე   ');
    await user.click(screen.getByRole('button', { name: t.send }));
    expect(await screen.findByText(t.topicRequired)).toBeInTheDocument();
    expect(screen.getByText(format(t.tooShort, { min: 20 }))).toBeInTheDocument();
    expect(text()).toHaveAttribute('aria-invalid', 'true');
    expect(text()).toHaveValue('   მოკლე   ');
    expect(sent).toEqual([]);
  });

  it('opened from the consents, has the personal-data topic chosen', async () => {
    provider([]);
    renderInRouter(<ComplaintsPage />, '/complaints?topic=personal_data');
    expect(await screen.findByRole('radio', { name: t.topics.personal_data })).toBeChecked();
  });

  it('says when a throttled customer may send again, in Tbilisi’s time, and keeps the text', async () => {
    const user = userEvent.setup();
    provider([]);
    mswServer.use(
      http.post(COMPLAINTS, () =>
        HttpResponse.json(
          { detail: 'Request was throttled.', code: 'throttled' },
          { status: 429, headers: { 'Retry-After': '7200' } },
        ),
      ),
    );
    renderInRouter(<ComplaintsPage />, '/complaints');
    await screen.findByText(t.empty);
    await user.click(within(form()).getByRole('radio', { name: t.topics.other }));
    await user.type(text(), LONG_ENOUGH);
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: t.send }));
    const alert = await screen.findByRole('alert');
    // Two hours from now, as Tbilisi's clock reads it (the minute may turn meanwhile).
    const at = (ms: number) => {
      const local = new Date(ms + 7_200_000 + 4 * 3_600_000);
      const hh = String(local.getUTCHours()).padStart(2, '0');
      const mm = String(local.getUTCMinutes()).padStart(2, '0');
      return `${hh}:${mm}`;
    };
    expect([at(before), at(Date.now())]).toContain(
      /(\d{2}:\d{2})-დან/.exec(alert.textContent ?? '')?.[1],
    );
    expect(alert).toHaveTextContent(/დღე-ღამეში მხოლოდ სამი/);
    expect(text()).toHaveValue(LONG_ENOUGH);
  });

  it('shows the provider’s word on a loan at the loan field', async () => {
    const user = userEvent.setup();
    provider([]);
    mswServer.use(
      http.post(COMPLAINTS, () =>
        HttpResponse.json({ loan: ['ასეთი სესხი თქვენ არ გაქვთ.'] }, { status: 400 }),
      ),
    );
    renderInRouter(<ComplaintsPage />, '/complaints?loan=11');
    const loan = screen.getByRole('combobox', { name: t.loan });
    await waitFor(() => expect(loan).toHaveValue('11'));
    await user.click(within(form()).getByRole('radio', { name: t.topics.loan }));
    await user.type(text(), LONG_ENOUGH);
    await user.click(screen.getByRole('button', { name: t.send }));
    await waitFor(() => expect(loan).toHaveAttribute('aria-invalid', 'true'));
    expect(loan).toHaveAccessibleDescription('ასეთი სესხი თქვენ არ გაქვთ.');
    expect(loan).toHaveFocus();
  });

  it('reads today in Tbilisi, not in the device’s zone', () => {
    expect(tbilisiToday(new Date('2026-11-25T20:30:00Z'))).toBe('2026-11-26');
    expect(tbilisiToday(new Date('2026-11-25T19:59:00Z'))).toBe('2026-11-25');
  });
});
