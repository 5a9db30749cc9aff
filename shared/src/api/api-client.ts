import axios, { type AxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { parseAnswer, toApiError } from 'shared/api/api-error';
import { installSessionInterceptors } from 'shared/api/session-interceptors';
import { CSRF_COOKIE } from 'shared/session/server-session';
import type * as z from 'shared/validation/zod';

/** The API language is fixed to Georgian (spec §1, §9). */
export const API_LANGUAGE = 'ka-ge';

/**
 * The page's one axios instance, on the page's own origin, fetched with the first call
 * (shared/api/request-json): the host's server passes /api/* to the provider and authorises
 * each call with the session it holds (decision 027). The page sends cookies, never a token.
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
 * @deprecated Import it from shared/api/request-json, which fetches this module with the first
 * call: imported from here, it brings axios into the first scripts of every page that uses it.
 * Kept for releases built against shared 0.1.4 or earlier.
 */
export async function requestJson<S extends z.ZodMiniType>(
  schema: S,
  config: AxiosRequestConfig,
): Promise<z.infer<S>> {
  try {
    return parseAnswer(schema, (await apiClient.request<unknown>(config)).data);
  } catch (error) {
    throw toApiError(error);
  }
}
