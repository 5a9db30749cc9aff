import path from 'node:path';
import { termsOfContractSchema } from 'shared/api/cms/terms-of-contract';
import { calculationSchema } from 'shared/api/loan/calculator';
import { loanSchema } from 'shared/api/loan/loans';
import { cardSchema } from 'shared/api/user/cards';
import { loanLimitSchema } from 'shared/api/user/loan-limit';
import { unreadCountSchema } from 'shared/api/user/notification-count';
import { userSchema } from 'shared/api/user/user-details';
import { type ProviderRead, readMismatches, unpairedCalls } from 'shared/testing/provider-contract';
import * as z from 'shared/validation/zod';

/** Which of shared's schemas reads which operation's answer (docs/provider-api.openapi.json). */
const READS: ProviderRead[] = [
  { operation: 'GET /api/user/details/', schema: userSchema },
  { operation: 'PATCH /api/user/user/{id}/', schema: userSchema },
  { operation: 'GET /api/user/user/loan_limit/', schema: loanLimitSchema },
  { operation: 'POST /api/user/user_log/', schema: z.looseObject({}) },
  { operation: 'GET /api/user/cards/', schema: z.array(cardSchema) },
  { operation: 'DELETE /api/user/cards/{id}/', schema: null },
  { operation: 'GET /api/user/notifications/unread_count/', schema: unreadCountSchema },
  { operation: 'GET /api/loan/loan/', schema: z.array(loanSchema) },
  { operation: 'GET /api/loan/calculator', schema: calculationSchema },
  { operation: 'GET /api/cms/terms_of_contract/', schema: z.array(termsOfContractSchema) },
];

/** The page server's own routes under /api/ (decision 027); its test pairs what it reads. */
const SESSION_ROUTES = ['/api/user/api/token/', '/api/user/token/refresh/', '/api/user/logout/'];

describe("shared's answer schemas against the provider's document", () => {
  it.each(READS)('$operation', (read) => {
    expect(readMismatches(read)).toEqual([]);
  });

  it('pairs every provider call shared makes with its schema', () => {
    const folder = path.join(import.meta.dirname, '..');
    expect(unpairedCalls(folder, READS, { skipped: SESSION_ROUTES })).toEqual([]);
  });
});
