import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../lib/passwords';
import { PHOTO_KINDS } from '../lib/verification';
import type { UserRow } from '../plugins/auth';
import type { Queryable } from './database';

export const SEED_PASSWORD = 'Sandbox123';

interface SeedUser
  extends Pick<
    UserRow,
    'personal_number' | 'first_name' | 'last_name' | 'birth_date' | 'phone_number' | 'email'
  > {
  /** E-mail and phone verified, approved photos: full_verification. */
  verified: boolean;
  is_banned?: boolean;
  risk_flag?: boolean;
  /** Gave the marketing consent at registration (v1.2). */
  marketing?: boolean;
}

/** One user for each state the client shows (listed in sandbox-api/README.md). */
export const SEED_USERS: readonly SeedUser[] = [
  {
    personal_number: '01001000001',
    first_name: 'ნინო',
    last_name: 'ბერიძე',
    birth_date: '1990-03-14',
    phone_number: '555000001',
    email: 'nino@example.ge',
    verified: true,
  },
  {
    personal_number: '01001000002',
    first_name: 'გიორგი',
    last_name: 'კაპანაძე',
    birth_date: '1995-07-02',
    phone_number: '555000002',
    email: 'giorgi@example.ge',
    verified: false,
  },
  {
    personal_number: '01001000003',
    first_name: 'დავით',
    last_name: 'ლომიძე',
    birth_date: '1988-11-30',
    phone_number: '555000003',
    email: 'davit@example.ge',
    verified: false,
    is_banned: true,
  },
  {
    // The loan area gives her an overdue loan.
    personal_number: '01001000004',
    first_name: 'მარიამ',
    last_name: 'გელაშვილი',
    birth_date: '1992-05-21',
    phone_number: '555000004',
    email: 'mariam@example.ge',
    verified: true,
  },
  {
    // Applications of a flagged user are rejected when decided.
    personal_number: '01001000005',
    first_name: 'ლევან',
    last_name: 'ჯავახიშვილი',
    birth_date: '1985-09-09',
    phone_number: '555000005',
    email: 'levan@example.ge',
    verified: true,
    risk_flag: true,
  },
  {
    // The loan area gives her a loan issued 3 days ago: inside its 14 days to withdraw.
    personal_number: '01001000006',
    first_name: 'ნათია',
    last_name: 'ბერიძე',
    birth_date: '1996-02-08',
    phone_number: '555000006',
    email: 'natia@example.ge',
    verified: true,
  },
  {
    // v1.2's records (seed-records.ts): a loan paid off after several payments, another open
    // one with hardship requests, complaints answered and not; marketing consent given.
    personal_number: '01001000007',
    first_name: 'ეკატერინე',
    last_name: 'წიკლაური',
    birth_date: '1987-12-03',
    phone_number: '555000007',
    email: 'eka@example.ge',
    verified: true,
    marketing: true,
  },
];

// One scrypt per process: seeding runs before many tests and scrypt is slow on purpose.
let seedHash: Promise<string> | undefined;

export async function seedUsers(tx: Queryable, app: FastifyInstance): Promise<void> {
  const now = app.clock.now().toISOString();
  seedHash ??= hashPassword(SEED_PASSWORD);
  const passwordHash = await seedHash;
  // The CMS seed runs first; without registration terms the id is 0, as no terms were accepted.
  const [terms] = await tx.query<{ id: number }>(
    'SELECT id FROM terms_of_contract WHERE contact_type = 2 ORDER BY published_at DESC, id DESC LIMIT 1',
  );
  // Every seed user accepted the current personal-data notice (null when none is seeded).
  const [notice] = await tx.query<{ id: number }>(
    'SELECT id FROM terms_of_contract WHERE contact_type = 3 ORDER BY published_at DESC, id DESC LIMIT 1',
  );
  for (const user of SEED_USERS) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO users (personal_number, first_name, last_name, birth_date, phone_number, email,
         password_hash, email_verified, phone_verified, is_banned, risk_flag, registration_terms_id,
         personal_data_consent_id, personal_data_consented_at, created_at, marketing_consent_given_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $14::timestamptz, $13,
               CASE WHEN $15::boolean THEN $13::timestamptz END)
       RETURNING id`,
      [
        user.personal_number,
        user.first_name,
        user.last_name,
        user.birth_date,
        user.phone_number,
        user.email,
        passwordHash,
        user.verified,
        user.is_banned ?? false,
        user.risk_flag ?? false,
        terms?.id ?? 0,
        notice?.id ?? null,
        now,
        notice ? now : null,
        user.marketing ?? false,
      ],
    );
    if (!row || !user.verified) continue;
    for (const kind of PHOTO_KINDS) {
      await tx.query(
        `INSERT INTO photos (user_id, kind, content_type, file_name, status, uploaded_at, decided_at)
         VALUES ($1, $2, 'image/png', $3, 'approved', $4, $4)`,
        [row.id, kind, `seed/${kind}.png`, now],
      );
    }
  }
}
