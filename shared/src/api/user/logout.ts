import { requestJson } from 'shared/api/request-json';
import type { Session } from 'shared/session/session-cookie';
import * as z from 'shared/validation/zod';

/**
 * POST /api/user/logout/ with the refresh token; the provider blacklists it (205, no body).
 * The tokens are passed in, not read from the cookie, because the caller clears the session
 * at once and the request must still be authorised.
 */
/** @deprecated The host's server holds the tokens: shared/api/user/server-session `endServerSession`. */
export async function logout(session: Session): Promise<void> {
  await requestJson(z.unknown(), {
    method: 'POST',
    url: '/api/user/logout/',
    data: { refresh: session.refresh },
    headers: { Authorization: `JWT ${session.access}` },
  });
}
