import { useCallback, useEffect, useState } from 'react';
import { type ApiError, toApiError } from 'shared/api/api-error';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';

export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: ApiError };

export type QueryResult<T> = QueryState<T> & {
  /** True once loading has lasted longer than the 200 ms pending delay. */
  showPending: boolean;
  retry: () => void;
};

/**
 * Runs one API read for a component: aborts it on unmount or when `key` changes, turns any
 * failure into an ApiError, and offers a retry. Each caller's failure stays in its own part
 * of the page.
 */
export function useApiQuery<T>(
  fetcher: (signal: AbortSignal) => Promise<T>,
  key: readonly unknown[],
): QueryResult<T> {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const showPending = useDelayedFlag(state.status === 'loading');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's key names the request; `attempt` retries it.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetcher(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: toApiError(error) });
      },
    );
    return () => controller.abort();
  }, [...key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, showPending, retry };
}
