import { hashPassword } from '../src/lib/passwords';
import { PHOTO_KINDS } from '../src/lib/verification';
import { issueSession } from '../src/routes/user/sessions';
import type { TestContext } from './build';

export interface UserOverrides {
  personal_number?: string;
  first_name?: string;
  last_name?: string;
  birth_date?: string;
  phone_number?: string;
  email?: string;
  password?: string;
  email_verified?: boolean;
  phone_verified?: boolean;
  /** E-mail and phone verified and approved photos of every kind: full_verification. */
  fully_verified?: boolean;
  is_banned?: boolean;
  risk_flag?: boolean;
}

export interface CreatedUser {
  id: number;
  personal_number: string;
  password: string;
  access: string;
  refresh: string;
  phone_number: string;
  email: string;
}

export const DEFAULT_PASSWORD = 'Paroli123';

/**
 * Tamar's registration (POST /api/user/register/): valid once given the ids of the current
 * registration terms and personal-data notice, as numbers (JSON) or text (a form).
 */
export function registrationBody<Id>(termsId: Id, noticeId: Id) {
  return {
    personal_number: '12345678901',
    first_name: 'თამარ',
    last_name: 'ჩხეიძე',
    birth_date: '2000-05-05',
    phone_number: '599123456',
    email: 'tamar@example.ge',
    password: 'Axali1234',
    password_confirm: 'Axali1234',
    terms_of_contract: termsId,
    personal_data_consent: noticeId,
  };
}

/** `fields` as a multipart form, as a browser sends one: payload and content type. */
export function multipartForm(fields: Record<string, string>) {
  const boundary = '----sandbox-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let counter = 0;
// scrypt is slow on purpose; tests reuse one hash per password.
const hashes = new Map<string, Promise<string>>();

/**
 * Inserts a user straight into the database (faster than registering) and logs them in.
 * Tokens come from the same code the login uses, so logout, refresh and recovery see them.
 */
export async function createUser(
  context: TestContext | (() => TestContext),
  overrides: UserOverrides = {},
): Promise<CreatedUser> {
  const { app } = typeof context === 'function' ? context() : context;
  counter += 1;
  const n = String(counter).padStart(5, '0');
  const password = overrides.password ?? DEFAULT_PASSWORD;
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const passwordHash = await hashes.get(password);
  const full = overrides.fully_verified ?? false;
  const personalNumber = overrides.personal_number ?? `020010${n}`;
  const phone = overrides.phone_number ?? `5990${n}`;
  const email = overrides.email ?? `user${n}@example.ge`;
  const now = app.clock.now().toISOString();
  return app.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO users (personal_number, first_name, last_name, birth_date, phone_number, email,
         password_hash, email_verified, phone_verified, is_banned, risk_flag, registration_terms_id,
         created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $12) RETURNING id`,
      [
        personalNumber,
        overrides.first_name ?? 'ანა',
        overrides.last_name ?? 'მაისურაძე',
        overrides.birth_date ?? '1990-01-01',
        phone,
        email,
        passwordHash,
        overrides.email_verified ?? full,
        overrides.phone_verified ?? full,
        overrides.is_banned ?? false,
        overrides.risk_flag ?? false,
        now,
      ],
    );
    if (!row) throw new Error('user not inserted');
    if (full) {
      for (const kind of PHOTO_KINDS) {
        await tx.query(
          `INSERT INTO photos (user_id, kind, content_type, file_name, status, uploaded_at, decided_at)
           VALUES ($1, $2, 'image/png', $3, 'approved', $4, $4)`,
          [row.id, kind, `test/${kind}.png`, now],
        );
      }
    }
    const pair = await issueSession(tx, app, row.id);
    return {
      id: row.id,
      personal_number: personalNumber,
      password,
      phone_number: phone,
      email,
      ...pair,
    };
  });
}

/** The newest outbox message to this recipient, and the 6-digit code in it. */
export async function lastCode(
  context: TestContext | (() => TestContext),
  recipient: string,
): Promise<string> {
  const { app } = typeof context === 'function' ? context() : context;
  const [row] = await app.db.query<{ body: string }>(
    'SELECT body FROM outbox WHERE recipient = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [recipient],
  );
  const code = row?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}
