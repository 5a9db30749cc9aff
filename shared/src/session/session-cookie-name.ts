/**
 * The spec's stored session user: a cookie named `user` holding JSON {access, refresh}. Its own
 * module so the host's server can look for it without the browser code that reads it.
 */
export const SESSION_COOKIE = 'user';
