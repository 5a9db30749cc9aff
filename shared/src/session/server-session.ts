/*
 * What the page and the host's server say to each other about the session (issue 29,
 * decision 027). The server holds the provider's tokens in the sealed, HttpOnly `user` cookie;
 * the page learns only that a session exists and when it ends. Its own module, free of the
 * browser and of zod, so the host's server reads the same names (and the clocks' schema is
 * shared/api/user/server-session's).
 */

/** The provider's session calls (contract §3): login answers the page through the host. */
export const LOGIN_PATH = '/api/user/api/token/';
export const REFRESH_PATH = '/api/user/token/refresh/';
export const LOGOUT_PATH = '/api/user/logout/';

/**
 * Set beside the sealed cookie, readable by scripts, holding nothing secret ("1"): it tells the
 * page, and every tab of it, that a session exists. The server sets and clears both together.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

/** The cookie whose value every write repeats as X-CSRFToken, as the provider asks. */
export const CSRF_COOKIE = 'csrftoken';

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

/** Why the server ended a session (the SESSION_ENDED_HEADER's values). */
export const SERVER_END_REASONS = ['inactive', 'expired', 'banned'] as const;
export type ServerEndReason = (typeof SERVER_END_REASONS)[number];
