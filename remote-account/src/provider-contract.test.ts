import { unreadCountSchema } from 'shared/api/user/notification-count';
import { userSchema } from 'shared/api/user/user-details';
import { type ProviderRead, readMismatches, unpairedCalls } from 'shared/testing/provider-contract';
import * as z from 'shared/validation/zod';
import { complaintSchema } from './features/complaints/api/complaints';
import { consentSchema } from './features/consents/api/consents';
import { preferencesSchema } from './features/notification-choices/api/preferences';
import { feedPageSchema } from './features/notifications/api/notifications';
import { expiresSchema } from './features/recovery/api/password-recovery';
import { registeredSchema } from './features/registration/api/register';
import { codeSentSchema } from './features/verification/api/verification';
import { photoSchema } from './features/verification/api/verification-photos';

/** An answer the slice reads only as "an object" (`{}` in the contract). */
const anyObject = z.looseObject({});

/** Which of the slice's schemas reads which operation's answer (docs/provider-api.openapi.json). */
const READS: ProviderRead[] = [
  { operation: 'POST /api/user/register/', schema: registeredSchema },
  { operation: 'POST /api/user/user/change_password/', schema: anyObject },
  { operation: 'POST /api/user/user/reset_password/', schema: expiresSchema },
  { operation: 'POST /api/user/user/recovery/', schema: anyObject },
  { operation: 'POST /api/user/user/send_email_verification/', schema: codeSentSchema },
  { operation: 'POST /api/user/user/verify_email/', schema: userSchema },
  { operation: 'POST /api/user/user/send_sms/', schema: codeSentSchema },
  { operation: 'POST /api/user/user/activate_phone_number/', schema: userSchema },
  { operation: 'GET /api/user/user/personal_verification_photos/', schema: z.array(photoSchema) },
  { operation: 'POST /api/user/user/personal_verification_photos/', schema: z.array(photoSchema) },
  { operation: 'GET /api/user/consents/', schema: z.array(consentSchema) },
  { operation: 'POST /api/user/consents/marketing/', schema: consentSchema },
  { operation: 'GET /api/user/notification_preferences/', schema: preferencesSchema },
  { operation: 'PUT /api/user/notification_preferences/', schema: preferencesSchema },
  { operation: 'GET /api/support/complaints/', schema: z.array(complaintSchema) },
  { operation: 'POST /api/support/complaints/', schema: complaintSchema },
  { operation: 'GET /api/user/notifications/', schema: feedPageSchema },
  { operation: 'POST /api/user/notifications/read/', schema: unreadCountSchema },
];

describe("the account slice's answer schemas against the provider's document", () => {
  it.each(READS)('$operation', (read) => {
    expect(readMismatches(read)).toEqual([]);
  });

  it('pairs every provider call the slice makes with its schema', () => {
    expect(unpairedCalls(import.meta.dirname, READS)).toEqual([]);
  });
});
