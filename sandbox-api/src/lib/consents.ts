import type { Queryable } from '../db/database';

export type ConsentKind = 'terms' | 'personal_data' | 'marketing';

/** The contract's Consent (v1.2). */
export interface ConsentView {
  kind: ConsentKind;
  document: { id: number; title: string; version: string } | null;
  given: boolean;
  given_at: string | null;
  withdrawn_at: string | null;
}

interface ConsentRow extends Record<string, unknown> {
  created_at: Date | string;
  personal_data_consent_id: number | null;
  personal_data_consented_at: Date | string | null;
  marketing_consent_given_at: Date | string | null;
  marketing_consent_withdrawn_at: Date | string | null;
  terms_id: number | null;
  terms_title: string | null;
  terms_version: string | null;
  notice_id: number | null;
  notice_title: string | null;
  notice_version: string | null;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

const documentOf = (
  id: number | null,
  title: string | null,
  version: string | null,
): ConsentView['document'] =>
  id === null || title === null || version === null ? null : { id, title, version };

function marketingView(row: ConsentRow): ConsentView {
  return {
    kind: 'marketing',
    document: null,
    given: row.marketing_consent_given_at !== null && row.marketing_consent_withdrawn_at === null,
    given_at: iso(row.marketing_consent_given_at),
    withdrawn_at: iso(row.marketing_consent_withdrawn_at),
  };
}

const CONSENT_QUERY = `
  SELECT u.created_at, u.personal_data_consent_id, u.personal_data_consented_at,
         u.marketing_consent_given_at, u.marketing_consent_withdrawn_at,
         rt.id AS terms_id, rt.title AS terms_title, rt.version AS terms_version,
         pd.id AS notice_id, pd.title AS notice_title, pd.version AS notice_version
    FROM users u
    LEFT JOIN terms_of_contract rt ON rt.id = u.registration_terms_id
    LEFT JOIN terms_of_contract pd ON pd.id = u.personal_data_consent_id
   WHERE u.id = $1`;

/**
 * The customer's three consents, always in the order terms, personal_data, marketing. Terms
 * and the personal-data notice were accepted at registration and cannot be withdrawn here
 * (that is closing the account). A customer registered before v1.1 (no notice on record) has
 * neither document named: both are given, the personal-data consent with no time of its own.
 */
export async function consentsOf(q: Queryable, userId: number): Promise<ConsentView[]> {
  const [row] = await q.query<ConsentRow>(CONSENT_QUERY, [userId]);
  if (!row) throw new Error(`user ${userId} vanished`);
  const beforeV11 = row.personal_data_consent_id === null;
  return [
    {
      kind: 'terms',
      document: beforeV11 ? null : documentOf(row.terms_id, row.terms_title, row.terms_version),
      given: true,
      given_at: iso(row.created_at),
      withdrawn_at: null,
    },
    {
      kind: 'personal_data',
      document: documentOf(row.notice_id, row.notice_title, row.notice_version),
      given: true,
      given_at: iso(row.personal_data_consented_at),
      withdrawn_at: null,
    },
    marketingView(row),
  ];
}

/**
 * Gives or withdraws the marketing consent at `now`, at once. Saying again what is already so
 * changes nothing (a repeated click keeps the first time); giving it again after a withdrawal
 * starts afresh. Each is one conditional update, so concurrent calls cannot interleave.
 */
export async function setMarketingConsent(
  q: Queryable,
  userId: number,
  given: boolean,
  now: Date,
): Promise<ConsentView> {
  if (given) {
    await q.query(
      `UPDATE users SET marketing_consent_given_at = $2::timestamptz, marketing_consent_withdrawn_at = NULL
        WHERE id = $1 AND (marketing_consent_given_at IS NULL OR marketing_consent_withdrawn_at IS NOT NULL)`,
      [userId, now.toISOString()],
    );
  } else {
    await q.query(
      `UPDATE users SET marketing_consent_withdrawn_at = $2::timestamptz
        WHERE id = $1 AND marketing_consent_given_at IS NOT NULL AND marketing_consent_withdrawn_at IS NULL`,
      [userId, now.toISOString()],
    );
  }
  const [row] = await q.query<ConsentRow>(CONSENT_QUERY, [userId]);
  if (!row) throw new Error(`user ${userId} vanished`);
  return marketingView(row);
}
