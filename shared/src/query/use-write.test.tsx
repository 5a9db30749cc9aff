import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError } from 'shared/api/api-error';
import { queryClient } from 'shared/query/query-client';
import { createGate } from '../testing/gate';
import { useWrite } from './use-write';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** A write whose answer the test holds, counting how often it was sent. */
function heldWrite() {
  const gate = createGate();
  const sent: string[] = [];
  const mutationFn = async (value: string) => {
    sent.push(value);
    await gate.passed();
    return `done ${value}`;
  };
  return { gate, sent, mutationFn };
}

describe('useWrite', () => {
  it('sends once however often it is asked while the write is on its way', async () => {
    const { gate, sent, mutationFn } = heldWrite();
    const { result } = renderHook(() => useWrite({ mutationFn }), { wrapper });
    let first: Promise<string | undefined> = Promise.resolve(undefined);
    let second: Promise<string | undefined> = Promise.resolve(undefined);
    // Two clicks in one task: the second comes before any render.
    act(() => {
      first = result.current.send('a');
      second = result.current.send('b');
    });
    await waitFor(() => expect(result.current.busy).toBe(true));
    expect(await second).toBeUndefined();
    gate.open();
    expect(await first).toBe('done a');
    expect(sent).toEqual(['a']);
    await waitFor(() => expect(result.current.busy).toBe(false));
    // Done: the next send goes.
    await act(async () => {
      expect(await result.current.send('c')).toBe('done c');
    });
    expect(sent).toEqual(['a', 'c']);
  });

  it('is busy, and sends nothing, while the same write runs elsewhere on the page', async () => {
    const { gate, sent, mutationFn } = heldWrite();
    const key = ['repay', 7];
    const { result: card } = renderHook(() => useWrite({ mutationKey: key, mutationFn }), {
      wrapper,
    });
    const { result: notice } = renderHook(() => useWrite({ mutationKey: key, mutationFn }), {
      wrapper,
    });
    const other = renderHook(() => useWrite({ mutationKey: ['repay', 8], mutationFn }), {
      wrapper,
    });
    let paid: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      paid = card.current.send('card');
    });
    await waitFor(() => expect(notice.current.busy).toBe(true));
    expect(other.result.current.busy).toBe(false);
    await act(async () => {
      expect(await notice.current.send('notice')).toBeUndefined();
    });
    gate.open();
    await act(async () => {
      expect(await paid).toBe('done card');
    });
    expect(sent).toEqual(['card']);
    await waitFor(() => expect(notice.current.busy).toBe(false));
  });

  it("rejects with the provider's error and is free again", async () => {
    const refusal = new ApiError('http', 400, 'no', 'არა');
    const { result } = renderHook(
      () =>
        useWrite<string, string>({
          mutationFn: async () => {
            throw refusal;
          },
        }),
      { wrapper },
    );
    await act(async () => {
      await expect(result.current.send('x')).rejects.toBe(refusal);
    });
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.error).toBe(refusal);
  });

  it('sends at once while the browser is offline, so the failure shows at once', async () => {
    const down = new ApiError('network', 500, null, 'კავშირი ვერ დამყარდა');
    onlineManager.setOnline(false);
    try {
      const { result } = renderHook(
        () =>
          useWrite<string, string>({
            mutationFn: async () => {
              throw down;
            },
          }),
        { wrapper },
      );
      await act(async () => {
        await expect(result.current.send('x')).rejects.toBe(down);
      });
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
