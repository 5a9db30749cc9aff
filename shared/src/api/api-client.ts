import axios, { type AxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { ApiError, toApiError } from 'shared/api/api-error';
import { installSessionInterceptors, isAuthCall } from 'shared/api/session-interceptors';
import { readSession } from 'shared/session/session-cookie';
import { ka } from 'shared/strings/ka';
import type * as z from 'shared/validation/zod';

/** The API language is fixed to Georgian (spec §1, §9). */
export const API_LANGUAGE = 'ka-ge';
export const CSRF_COOKIE = 'csrftoken';

/**
 * The page's one axios instance. Its base address is the provider's; empty means same
 * origin, where the page's server proxies /api/* to the provider.
 */
export const apiClient = axios.create({
  baseURL: '',
  headers: { 'Accept-Language': API_LANGUAGE },
  // The provider sets csrftoken; same-origin requests send it back without extra settings.
  withCredentials: false,
});

apiClient.interceptors.request.use((config) => {
  config.headers.set('Accept-Language', API_LANGUAGE);
  const session = readSession();
  // Login and refresh carry no access token: a refresh is sent because the token expired.
  if (session && !config.headers.has('Authorization') && !isAuthCall(config.url)) {
    config.headers.set('Authorization', `JWT ${session.access}`);
  }
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
