import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LoanView } from '../src/lib/loan-view';
import { hashPassword } from '../src/lib/passwords';
import type { TestContext } from './build';

let passwordHash: Promise<string> | undefined;

export interface TestUserOptions {
  personalNumber?: string;
  verified?: boolean;
  riskFlag?: boolean;
  banned?: boolean;
}

let counter = 0;

/** A user written straight to the database; `verified` means full verification. */
export async function createUser(
  app: FastifyInstance,
  options: TestUserOptions = {},
): Promise<number> {
  // scrypt is slow on purpose; one hash serves every test user of a file.
  passwordHash ??= hashPassword('Secret123');
  counter += 1;
  const personalNumber = options.personalNumber ?? `0100900${String(counter).padStart(4, '0')}`;
  const verified = options.verified ?? true;
  const [user] = await app.db.query<{ id: number }>(
    `INSERT INTO users (personal_number, first_name, last_name, birth_date, phone_number, email, password_hash,
                        email_verified, phone_verified, is_banned, risk_flag, registration_terms_id)
     VALUES ($1, 'ნინო', 'ბერიძე', '1990-05-17', '599123456', $2, $3, $4, $4, $5, $6, 1) RETURNING id`,
    [
      personalNumber,
      `user${counter}@example.ge`,
      await passwordHash,
      verified,
      options.banned ?? false,
      options.riskFlag ?? false,
    ],
  );
  if (!user) throw new Error('user insert returned no row');
  if (verified) {
    for (const kind of ['id_front', 'id_back', 'selfie']) {
      await app.db.query(
        `INSERT INTO photos (user_id, kind, content_type, file_name, status, uploaded_at, decided_at)
         VALUES ($1, $2, 'image/jpeg', $3, 'approved', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
        [user.id, kind, `${kind}-${user.id}.jpg`],
      );
    }
  }
  return user.id;
}

/** Loan contract terms: an older and the current version; returns the current one's id. */
export async function createLoanTerms(
  app: FastifyInstance,
): Promise<{ current: number; old: number }> {
  const rows = await app.db.query<{ id: number }>(
    `INSERT INTO terms_of_contract (contact_type, title, content, version, published_at) VALUES
       (1, 'სესხის ხელშეკრულება', '<p>ძველი</p>', '1.0', '2025-01-01T00:00:00Z'),
       (1, 'სესხის ხელშეკრულება', '<p>ახალი</p>', '2.0', '2026-10-15T06:00:00Z'),
       (2, 'რეგისტრაციის წესები', '<p>წესები</p>', '1.0', '2026-10-16T06:00:00Z')
     RETURNING id`,
  );
  const [old, current] = rows;
  if (!old || !current) throw new Error('terms insert returned no rows');
  return { current: current.id, old: old.id };
}

export async function accessToken(app: FastifyInstance, userId: number): Promise<string> {
  return (await app.tokens.pair(userId)).access;
}

/** A loan as `GET /api/loan/loan/` answers it: the sandbox's own view of one. */
export type LoanBody = LoanView;

export type LoanCall = (
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/**
 * A verified customer with a loan issued at the clock's now, through the API (no decision
 * delay): `call` speaks to /api/loan/ with their token. Loan terms are written unless `terms`
 * names the current ones already written.
 */
export async function borrower(
  ctx: () => TestContext,
  amount = '1000.00',
  term = 3,
  terms?: { current: number },
): Promise<{ userId: number; call: LoanCall; loan: LoanBody }> {
  const { current } = terms ?? (await createLoanTerms(ctx().app));
  const userId = await createUser(ctx().app);
  // A token per call: tests move the clock past an access token's lifetime.
  const call: LoanCall = async (method, url, payload) =>
    ctx().call({
      method,
      url: `/api/loan/${url}`,
      token: await accessToken(ctx().app, userId),
      ...(payload ? { payload } : {}),
    });
  const applied = await call('POST', 'loan_application/', {
    amount,
    term,
    terms_of_contract: current,
  });
  if (applied.statusCode !== 201) throw new Error(`application refused: ${applied.body}`);
  const [loan] = (await call('GET', 'loan/')).json<LoanBody[]>();
  if (!loan) throw new Error('no loan issued');
  return { userId, call, loan };
}
