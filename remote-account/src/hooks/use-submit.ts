import { useCallback, useState } from 'react';
import { type ApiError, toApiError } from 'shared/api/api-error';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';

export interface Submit {
  /** True while the call runs: the submit button is disabled. */
  pending: boolean;
  /** True once the call has run longer than the 200 ms pending delay: show "…ing". */
  showPending: boolean;
  error: ApiError | null;
  /** Runs one submit; a failure is kept as an ApiError and resolves to false. */
  run: (action: () => Promise<void>) => Promise<boolean>;
  reset: () => void;
}

/** One form's submit: pending state, delayed pending indicator, the failure as an ApiError. */
export function useSubmit(): Submit {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const showPending = useDelayedFlag(pending);
  const run = useCallback(async (action: () => Promise<void>) => {
    setError(null);
    setPending(true);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(toApiError(caught));
      return false;
    } finally {
      setPending(false);
    }
  }, []);
  const reset = useCallback(() => setError(null), []);
  return { pending, showPending, error, run, reset };
}
