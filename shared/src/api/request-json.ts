import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { ApiError, parseAnswer, toApiError } from 'shared/api/api-error';
import { ka } from 'shared/strings/ka';
import type * as z from 'shared/validation/zod';

/**
 * The page's one axios instance (shared/api/api-client), fetched with the first call rather
 * than with the page: a page the server rendered shows its figures without calling the
 * provider, and axios with its interceptors is 18 KB gzip a reader never uses (decision 031).
 * Each call asks again: a fetch that failed (a dropped connection) is tried anew by the next
 * call instead of failing every call after it.
 */
function loadClient(): Promise<AxiosInstance> {
  return import('shared/api/api-client').then((module) => module.apiClient);
}

/**
 * Starts fetching the client before a call needs it: the host calls it on the first press,
 * key or focus, so the calculator's first answer does not wait for it. Fetched once however
 * often it is called (the module system keeps what has come).
 */
export function preloadApiClient(): void {
  // A failure here is the first call's to report, when it asks again.
  loadClient().catch(() => undefined);
}

/** Sends a request and validates its answer against the contract's schema. */
export async function requestJson<S extends z.ZodMiniType>(
  schema: S,
  config: AxiosRequestConfig,
): Promise<z.infer<S>> {
  let client: AxiosInstance;
  try {
    client = await loadClient();
  } catch {
    // The client's code did not come: to the customer that is the network failing.
    throw new ApiError('network', 500, null, ka.errors.network);
  }
  let data: unknown;
  try {
    data = (await client.request<unknown>(config)).data;
  } catch (error) {
    throw toApiError(error);
  }
  return parseAnswer(schema, data);
}
