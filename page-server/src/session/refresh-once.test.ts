// @vitest-environment node
import type { ProviderAnswer } from './provider-calls';
import type { RefreshOutcome } from './refresh-coordinator';
import { refreshOnce } from './refresh-once';

const start = { id: 's', access: 'access-1', refresh: 'refresh-1', began: 0, used: 0 };
const answer = (status: number): ProviderAnswer => ({ status, headers: {}, body: Buffer.alloc(0) });

function provider(statuses: number[], outcome: RefreshOutcome) {
  const calls: string[] = [];
  const refreshes: string[] = [];
  return {
    calls,
    refreshes,
    call: async (session: { access: string }) => {
      calls.push(session.access);
      return answer(statuses[calls.length - 1] ?? 500);
    },
    refresh: async (token: string) => {
      refreshes.push(token);
      return outcome;
    },
  };
}
const rotated: RefreshOutcome = {
  kind: 'rotated',
  tokens: { access: 'access-2', refresh: 'refresh-2' },
};

describe('the 401 rule (spec §8)', () => {
  it('passes an answer other than 401 on as it is, without a refresh', async () => {
    const p = provider([403], rotated);
    const result = await refreshOnce(start, p.call, p.refresh);
    expect(result).toMatchObject({ refused: false, rotated: false, session: start });
    expect(result.answer.status).toBe(403);
    expect(p.refreshes).toEqual([]);
  });

  it('refreshes once on a 401 and repeats the call once with the new tokens', async () => {
    const p = provider([401, 200], rotated);
    const result = await refreshOnce(start, p.call, p.refresh);
    expect(p.calls).toEqual(['access-1', 'access-2']);
    expect(p.refreshes).toEqual(['refresh-1']);
    expect(result).toMatchObject({ refused: false, rotated: true });
    expect(result.session).toMatchObject({ id: 's', access: 'access-2', refresh: 'refresh-2' });
    expect(result.answer.status).toBe(200);
  });

  it('never refreshes twice: a second 401 is the answer', async () => {
    const p = provider([401, 401], rotated);
    const result = await refreshOnce(start, p.call, p.refresh);
    expect(p.refreshes).toHaveLength(1);
    expect(result.answer.status).toBe(401);
    expect(result.rotated).toBe(true);
  });

  it('ends the session, 401 "expired", when the refresh is refused', async () => {
    const p = provider([401], { kind: 'refused' });
    const result = await refreshOnce(start, p.call, p.refresh);
    expect(p.calls).toHaveLength(1);
    expect(result).toMatchObject({ refused: true, rotated: false, session: start });
    expect(result.answer.status).toBe(401);
    expect(JSON.parse(String(result.answer.body))).toMatchObject({
      code: 'session_ended',
      reason: 'expired',
    });
  });
});
