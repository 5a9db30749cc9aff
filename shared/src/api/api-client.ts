import axios, { type AxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { ApiError, toApiError } from 'shared/api/api-error';
import { installSessionInterceptors } from 'shared/api/session-interceptors';
import { ka } from 'shared/strings/ka';
import type * as z from 'shared/validation/zod';

/** The API language is fixed to Georgian (spec §1, §9). */
export const API_LANGUAGE = 'ka-ge';
export const CSRF_COOKIE = 'csrftoken';

/**
 * The page's one axios instance, on the page's own origin: the host's server passes /api/* to
 * the provider and authorises each call with the session it holds (decision 027). The page
 * sends cookies, never a token.
 */
export const apiClient = axios.create({
  baseURL: '',
  headers: { 'Accept-Language': API_LANGUAGE },
  // Same-origin requests carry the session and csrftoken cookies without extra settings.
  withCredentials: false,
});

apiClient.interceptors.request.use((config) => {
  config.headers.set('Accept-Language', API_LANGUAGE);
  // The server checks it against the csrftoken cookie on every write, as the provider does.
  const csrf = Cookies.get(CSRF_COOKIE);
  if (csrf) config.headers.set('X-CSRFToken', csrf);
  return config;
});

installSessionInterceptors(apiClient);

/**
 * Sends a request and validates its answer against the contract's schema, so a malformed
 * answer fails here with a clear error instead of deep inside a component.
 */
export async function requestJson<S extends z.ZodMiniType>(
  schema: S,
  config: AxiosRequestConfig,
): Promise<z.infer<S>> {
  let data: unknown;
  try {
    data = (await apiClient.request<unknown>(config)).data;
  } catch (error) {
    throw toApiError(error);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    // The message reaches customers (forms and the error page show it), so it is Georgian.
    throw new ApiError('invalid-answer', 500, 'invalid_answer', ka.errors.badAnswer);
  }
  return parsed.data;
}
