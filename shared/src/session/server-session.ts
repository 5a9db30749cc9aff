import * as z from 'shared/validation/zod';

/*
 * What the page and the host's server say to each other about the session (issue 29,
 * decision 027). The server holds the provider's tokens in the sealed, HttpOnly `user` cookie;
 * the page learns only that a session exists and when it ends. Its own module, free of the
 * browser, so the host's server reads the same names.
 */

/**
 * Set beside the sealed cookie, readable by scripts, holding nothing secret ("1"): it tells the
 * page, and every tab of it, that a session exists. The server sets and clears both together.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

/** GET: the session's clocks, without counting as use. */
export const SESSION_STATE_PATH = '/session';
/** POST: the customer did something (input, „continue"); the idle clock starts again. */
export const SESSION_ACTIVITY_PATH = '/session/activity';

/**
 * On any answer whose request carried a session the server has ended (idle, too old, refused by
 * the provider, banned): why. The cookie is cleared with it, and the page says so.
 */
export const SESSION_ENDED_HEADER = 'X-Session-Ended';
/** The error code of a call refused because its session ended. */
export const SESSION_ENDED_CODE = 'session_ended';

export const serverEndReasonSchema = z.enum(['inactive', 'expired', 'banned']);
export type ServerEndReason = z.infer<typeof serverEndReasonSchema>;

/**
 * The login's, the activity's and the state's answer: the server's clocks, in seconds from the
 * moment it answered (the browser's clock may be off; a count from now is not).
 */
export const sessionStateSchema = z.object({
  /** The idle limit (`SESSION_IDLE_SECONDS`). */
  idle_seconds: z.number().check(z.positive()),
  /** Seconds until the session ends unless used. */
  idle_left_seconds: z.number().check(z.nonnegative()),
  /** Seconds until the session ends however used (`SESSION_MAX_SECONDS`). */
  max_left_seconds: z.number().check(z.nonnegative()),
});
export type SessionState = z.infer<typeof sessionStateSchema>;
