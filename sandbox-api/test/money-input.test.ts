import type { TestContext } from './build';
import { build } from './build';
import { accessToken, createLoanTerms, createUser } from './loan-test-utils';

const FORMAT = 'შეიყვანეთ თანხა ლარებში, მაქსიმუმ ორი ათწილადი ნიშნით (მაგ. 1500.00).';
const NOT_TEXT = 'თანხა გადმოეცით ტექსტად (მაგ. "1500.00"), არა რიცხვად.';

/**
 * JSON numbers as written on the wire (inject would reformat an object payload): the probe's
 * three, which a float turned into 100.00, 100.00 and 0.01, and a few more.
 */
const NUMBERS = ['1e2', '100.000000000000001', '0.009999999999999999999', '100', '100.5', '1E+2'];

/** Strings that are not digits with at most two places, as written. */
const MALFORMED = [
  '1e2',
  '100.000000000000001',
  '0.009999999999999999999',
  '100.000',
  '+100',
  '-1',
  ' 100',
  '100 ',
  '100.',
  '.5',
  '1,00',
  '1 000',
  '0x64',
  'NaN',
  'Infinity',
  '١٠٠',
  '',
];

/** The two ways an amount is refused, each with the amounts as written in the JSON. */
const REFUSED = [
  {
    what: 'a JSON number of any kind, the probe’s three included',
    written: NUMBERS,
    message: NOT_TEXT,
  },
  {
    what: 'a string that is not digits with at most two places',
    written: MALFORMED.map((text) => JSON.stringify(text)),
    message: FORMAT,
  },
];

interface LoanBody {
  id: number;
  outstanding: string;
}

/** A verified customer with a 1000.00 loan over 3 months (1040.27 to repay). */
async function borrower(ctx: () => TestContext) {
  const terms = await createLoanTerms(ctx().app);
  const userId = await createUser(ctx().app);
  const token = await accessToken(ctx().app, userId);
  const post = (url: string, json: string) =>
    ctx().call({
      method: 'POST',
      url: `/api/loan/${url}`,
      token,
      headers: { 'content-type': 'application/json' },
      payload: json,
    });
  const loans = async () =>
    (await ctx().call({ method: 'GET', url: '/api/loan/loan/', token })).json() as LoanBody[];
  return { terms, token, post, loans };
}

/** The borrower once the application for their loan is sent (it is issued at once). */
async function borrowerWithLoan(ctx: () => TestContext) {
  const customer = await borrower(ctx);
  await customer.post(
    'loan_application/',
    JSON.stringify({ amount: '1000.00', term: 3, terms_of_contract: customer.terms.current }),
  );
  const [loan] = await customer.loans();
  if (!loan) throw new Error('no loan issued');
  return { ...customer, loan };
}

describe('money in a body is a decimal string as written', () => {
  const ctx = build();

  describe('repay', () => {
    it.each(REFUSED)('refuses $what, and pays nothing', async ({ written, message }) => {
      const { post, loans, loan } = await borrowerWithLoan(ctx);
      for (const amount of written) {
        const response = await post(`loan/${loan.id}/repay/`, `{"amount": ${amount}}`);
        expect(response.statusCode, amount).toBe(400);
        expect(response.json(), amount).toEqual({ amount: [message] });
      }
      expect((await loans())[0]?.outstanding).toBe('1040.27');
    });

    it('takes whole lari, one place and two places, exactly', async () => {
      const { post, loan } = await borrowerWithLoan(ctx);
      const repay = (amount: string) => post(`loan/${loan.id}/repay/`, JSON.stringify({ amount }));
      expect((await repay('100')).json()).toMatchObject({ outstanding: '940.27' });
      expect((await repay('100.5')).json()).toMatchObject({ outstanding: '839.77' });
      expect((await repay('0.01')).json()).toMatchObject({ outstanding: '839.76' });
      expect((await repay('0039.76')).json()).toMatchObject({ outstanding: '800.00' });
      expect(
        await ctx().app.db.query(
          'SELECT amount::text AS amount FROM payments WHERE loan_id = $1 ORDER BY id',
          [loan.id],
        ),
      ).toEqual([
        { amount: '100.00' },
        { amount: '100.50' },
        { amount: '0.01' },
        { amount: '39.76' },
      ]);
    });
  });

  describe('applications and their validation', () => {
    it.each(REFUSED)('refuse $what, and record nothing', async ({ written, message }) => {
      const { terms, post } = await borrower(ctx);
      for (const amount of written) {
        const validation = await post(
          'loan_application/create_loan_validation/',
          `{"amount": ${amount}, "term": 3}`,
        );
        expect(validation.statusCode, amount).toBe(400);
        expect(validation.json(), amount).toEqual({ amount: [message] });
        const application = await post(
          'loan_application/',
          `{"amount": ${amount}, "term": 3, "terms_of_contract": ${terms.current}}`,
        );
        expect(application.statusCode, amount).toBe(400);
        expect(application.json(), amount).toEqual({ amount: [message] });
      }
      expect(await ctx().app.db.query('SELECT id FROM loan_applications')).toEqual([]);
    });

    it('take whole lari, one place and two places, exactly', async () => {
      const { terms, post } = await borrower(ctx);
      for (const amount of ['100', '100.5', '100.50', '4999.99']) {
        const validation = await post(
          'loan_application/create_loan_validation/',
          JSON.stringify({ amount, term: 3 }),
        );
        expect(validation.json(), amount).toEqual({ valid: true });
      }
      const application = await post(
        'loan_application/',
        JSON.stringify({ amount: '1234.5', term: 3, terms_of_contract: terms.current }),
      );
      expect(application.statusCode).toBe(201);
      expect(application.json()).toMatchObject({ amount: '1234.50', term: 3 });
    });
  });
});
