import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';

/**
 * A short cache of the provider's public answers (the calculator, the slides, the questions)
 * for the server's renders (decision 020): at a hundred pages a second the provider is asked
 * once per answer and period, not once per page. Only what the server asks is cached, and the
 * server asks only without a session: a request carrying `Authorization` is never cached.
 */
export function cachePublicAnswers(adapter: AxiosAdapter, ttlMs: number): AxiosAdapter {
  const answers = new Map<string, { until: number; response: Promise<AxiosResponse> }>();
  const keyOf = (config: InternalAxiosRequestConfig) =>
    `${config.baseURL ?? ''}${config.url ?? ''}?${new URLSearchParams(
      Object.entries((config.params ?? {}) as Record<string, string>).map(([name, value]) => [
        name,
        String(value),
      ]),
    ).toString()}`;

  return (config) => {
    const method = (config.method ?? 'get').toLowerCase();
    if (method !== 'get' || config.headers.has('Authorization')) return adapter(config);
    const key = keyOf(config);
    const now = Date.now();
    const cached = answers.get(key);
    if (cached && cached.until > now) {
      // The same answer for each page, but not the same object: a caller may keep its own.
      return cached.response.then((response) => ({ ...response, config }));
    }
    // A request's abort must not cancel the answer other pages wait for.
    const { signal: _signal, ...shared } = config;
    const response = adapter(shared as InternalAxiosRequestConfig);
    answers.set(key, { until: now + ttlMs, response });
    // A failure is not an answer to keep; the next page asks again.
    response.catch(() => {
      if (answers.get(key)?.response === response) answers.delete(key);
    });
    // Expired answers go, so the cache holds what the last period asked for and no more.
    for (const [other, entry] of answers) if (entry.until <= now) answers.delete(other);
    return response.then((answer) => ({ ...answer, config }));
  };
}
