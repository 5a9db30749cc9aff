import {
  type MutationKey,
  type UseMutationOptions,
  type UseMutationResult,
  useIsMutating,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { ApiError } from 'shared/api/api-error';

export type WriteOptions<TData, TVariables> = UseMutationOptions<TData, ApiError, TVariables> & {
  /** One write of one thing (a loan's payment): the same key anywhere on the page is the same write. */
  mutationKey?: MutationKey;
};

export type Write<TData, TVariables> = UseMutationResult<TData, ApiError, TVariables> & {
  /**
   * Sends the write, or does nothing while it is already on its way — from this form (a second
   * click before the disabled button has rendered) or from anywhere else on the page under the
   * same key — and then resolves to undefined. Rejects with the provider's ApiError.
   */
  send: (variables: TVariables) => Promise<TData | undefined>;
  /** The write is on its way, here or elsewhere under its key: what a button's disabled reads. */
  busy: boolean;
};

const nothing = () => false;

/**
 * Every write of the product: TanStack Query's useMutation, where the write's hook updates the
 * cache of what it changed (`onSuccess`, one place per resource), sent at most once at a time.
 * The one guard against a double submit.
 */
export function useWrite<TData, TVariables = void>(
  options: WriteOptions<TData, TVariables>,
): Write<TData, TVariables> {
  const queryClient = useQueryClient();
  // Offline, TanStack would hold the write until the browser is online again, with nothing
  // on screen; sent at once, it fails at once, and the form says the connection is down.
  const mutation = useMutation({ networkMode: 'always', ...options });
  const { mutationKey } = options;
  const filter = mutationKey ? { mutationKey, exact: true } : { predicate: nothing };
  const elsewhere = useIsMutating(filter) > 0;
  // isPending reaches the page only with the next render; this knows at once.
  const sending = useRef(false);
  const { mutateAsync } = mutation;
  const send = useCallback(
    async (variables: TVariables) => {
      const keyBusy = mutationKey
        ? queryClient.isMutating({ mutationKey, exact: true }) > 0
        : false;
      if (sending.current || keyBusy) return undefined;
      sending.current = true;
      try {
        return await mutateAsync(variables);
      } finally {
        sending.current = false;
      }
    },
    [mutateAsync, mutationKey, queryClient],
  );
  return { ...mutation, send, busy: mutation.isPending || elsewhere };
}
