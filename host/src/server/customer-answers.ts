import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type AxiosAdapter,
  AxiosError,
  AxiosHeaders,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

/*
 * A customer's page on the server (issue 29, decision 027): the slices' calls in its render
 * are answered by the page server, which asks the provider with the customer's session. The
 * worker never holds a token; it holds, per render, a way to ask (`CustomerFetch`). Renders of
 * several customers share one worker and one axios instance, so the way is found through the
 * render's own async context.
 */

export type CustomerFetch = (url: string) => Promise<{ status: number; data: unknown }>;

const current = new AsyncLocalStorage<CustomerFetch>();

/** Runs `work` (a customer's render) with its calls answered by `fetch`. */
export function withCustomerAnswers<T>(fetch: CustomerFetch, work: () => Promise<T>): Promise<T> {
  return current.run(fetch, work);
}

/** The path and query a call names, as the provider is asked it (the page's own origin). */
function pathOf(config: InternalAxiosRequestConfig): string {
  const url = new URL(config.url ?? '', 'http://page.invalid');
  for (const [name, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) url.searchParams.append(name, String(value));
  }
  return `${url.pathname}${url.search}`;
}

/**
 * Sends a customer's render's calls to the page server; anything else (a visitor's page) to
 * `next`. A customer's page only reads: any other method is refused here.
 */
export function customerAnswers(next: AxiosAdapter): AxiosAdapter {
  return async (config) => {
    const fetch = current.getStore();
    if (!fetch) return next(config);
    if ((config.method ?? 'get').toLowerCase() !== 'get') {
      throw new AxiosError('a page renders with reads only', AxiosError.ERR_NOT_SUPPORT, config);
    }
    return answeredBy(fetch, config);
  };
}

/** A call answered by `fetch` (the page server), as axios answers it: a 2xx, or an error. */
async function answeredBy(
  fetch: CustomerFetch,
  config: InternalAxiosRequestConfig,
): Promise<AxiosResponse> {
  const answer = await fetch(pathOf(config));
  const response: AxiosResponse = {
    data: answer.data,
    status: answer.status,
    statusText: '',
    headers: new AxiosHeaders(),
    config,
  };
  if (answer.status >= 200 && answer.status < 300) return response;
  throw new AxiosError(
    `the provider answered ${answer.status}`,
    AxiosError.ERR_BAD_RESPONSE,
    config,
    null,
    response,
  );
}

/**
 * A visitor's page's calls, answered by the page server without a session: a render worker has
 * no network of its own (worker-network). Reads only, as a customer's page.
 */
export function publicAnswers(fetch: CustomerFetch): AxiosAdapter {
  return async (config) => {
    if ((config.method ?? 'get').toLowerCase() !== 'get') {
      throw new AxiosError('a page renders with reads only', AxiosError.ERR_NOT_SUPPORT, config);
    }
    return answeredBy(fetch, config);
  };
}
