import type { FastifyInstance } from 'fastify';
import { answerComplaint, insertComplaint } from '../lib/complaints';
import { decideHardshipRequest, insertHardshipRequest } from '../lib/hardship';
import { type LoanRecord, loadLoans } from '../lib/loan-view';
import { applyPayoff, applyRepayment } from '../lib/loan-writes';
import { toTetri } from '../lib/money';
import type { Queryable } from './database';
import { giveLoan } from './seed-loans';

const DAY_MS = 24 * 60 * 60 * 1000;

export const RECORDS_CUSTOMER = '01001000007';

async function loanOf(tx: Queryable, userId: number, loanId: number): Promise<LoanRecord> {
  const [loan] = await loadLoans(tx, userId, loanId);
  if (!loan) throw new Error(`seed loan ${loanId} is missing`);
  return loan;
}

/**
 * v1.2's records on one customer (01001000007), every state on screen at first start, written
 * through the same code the API writes with, at times relative to the sandbox clock:
 * - a 1200.00/6 loan issued 200 days ago: three rows paid on their due dates, 150.00 paid
 *   ahead 100 days ago, paid off 90 days ago (five payments, the last a payoff);
 * - a 900.00/3 loan issued 40 days ago, its first row paid: active, with a hardship request
 *   declined 20 days ago and one received 2 days ago (so another is refused until answered);
 * - complaints: one answered, one whose month to answer has passed unanswered, one recent.
 */
export async function seedRecords(tx: Queryable, app: FastifyInstance): Promise<void> {
  const now = app.clock.now().getTime();
  const ago = (days: number) => new Date(now - days * DAY_MS);
  const [user] = await tx.query<{ id: number }>('SELECT id FROM users WHERE personal_number = $1', [
    RECORDS_CUSTOMER,
  ]);
  if (!user) throw new Error(`seed user ${RECORDS_CUSTOMER} is missing`);
  const userId = user.id;

  const paidOff = await giveLoan(tx, app, userId, {
    amount: '1200.00',
    term: 6,
    daysAgo: 200,
    paidRows: 3,
  });
  // Row 3 fell due about 108 days ago and row 4 falls due about 78 days ago: both writes
  // land between them, so nothing is late.
  await applyRepayment(app, tx, await loanOf(tx, userId, paidOff), toTetri('150.00'), ago(100));
  await applyPayoff(app, tx, await loanOf(tx, userId, paidOff), ago(90));

  const open = await giveLoan(tx, app, userId, {
    amount: '900.00',
    term: 3,
    daysAgo: 40,
    paidRows: 1,
  });
  const declined = await insertHardshipRequest(
    tx,
    open,
    {
      kind: 'payment_holiday',
      reason: 'illness',
      text: 'ორი კვირით საავადმყოფოში ვიყავი და შემდეგი გადახდის გადავადებას ვითხოვ.',
    },
    ago(25),
  );
  await decideHardshipRequest(
    app,
    tx,
    declined.id,
    'declined',
    'საგადახდო არდადეგები ამ სესხზე ვერ გამოიყენება, რადგან მისი ვადა 3 თვეა. შეგიძლიათ მოითხოვოთ გადახდის თარიღის შეცვლა.',
    ago(20),
  );
  await insertHardshipRequest(
    tx,
    open,
    {
      kind: 'date_change',
      reason: 'income_loss',
      text: 'ხელფასს ახლა თვის 25 რიცხვში ვიღებ. გთხოვთ, გადახდის თარიღი 26 რიცხვზე გადაიტანოთ.',
    },
    ago(2),
  );

  const answered = await insertComplaint(
    tx,
    userId,
    {
      topic: 'payment',
      loanId: paidOff,
      text: 'წინსწრებით დაფარვის შემდეგ ქვითარი ელფოსტაზე არ მომსვლია. გთხოვთ, გამომიგზავნოთ.',
    },
    ago(60),
  );
  await answerComplaint(
    app,
    tx,
    answered.id,
    'ბოდიშს გიხდით შეფერხებისთვის. ყველა გადახდის ქვითარი ხელმისაწვდომია პირად კაბინეტში, სესხის დოკუმენტებში; ასლი ელფოსტაზეც გამოგიგზავნეთ.',
    ago(48),
  );
  await insertComplaint(
    tx,
    userId,
    {
      topic: 'loan',
      loanId: open,
      text: 'გთხოვთ, განმიმარტოთ, რატომ არის ჩემი სესხის ეფექტური საპროცენტო განაკვეთი ნომინალურზე მაღალი.',
    },
    ago(40),
  );
  await insertComplaint(
    tx,
    userId,
    {
      topic: 'service',
      loanId: null,
      text: 'ცხელ ხაზზე ზარს 20 წუთი ველოდე და ოპერატორს ვერ დავუკავშირდი.',
    },
    ago(3),
  );
}
