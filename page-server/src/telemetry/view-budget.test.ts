// @vitest-environment node
import type { RumEvent } from 'release-contract/rum-events';
import { ViewBudgets } from './view-budget';
import type { ViewClaims } from './view-token';

const NOW = 1_800_000_000;
const claims = (id: number, exp = NOW + 60): ViewClaims => ({
  id: String(id).padStart(22, '0'),
  exp,
  releases: { remote_home: 'aaaaaaaaaaaa' },
});
const view: RumEvent = { type: 'view', slice: 'remote_home', release: 'aaaaaaaaaaaa' };

describe("a page view's budget", () => {
  it('keeps the views of its budget within the cap, the expired and then the oldest gone first', () => {
    const budgets = new ViewBudgets(3);
    budgets.spend(claims(1, NOW - 1), [view], NOW);
    budgets.spend(claims(2), [view], NOW);
    budgets.spend(claims(3), [view], NOW);
    // The first had expired: it goes, and nothing else.
    budgets.spend(claims(4), [view], NOW);
    expect(budgets.size).toBe(3);
    expect(budgets.spend(claims(2), [view], NOW).kind).toBe('over_budget');
    // Full of live views: the oldest goes for a new one.
    budgets.spend(claims(5), [view], NOW);
    expect(budgets.size).toBe(3);
    expect(budgets.spend(claims(4), [view], NOW).kind).toBe('over_budget');
    expect(budgets.spend(claims(5), [view], NOW).kind).toBe('over_budget');
    // The one it forgot: its budget is new (the cap's price, only past `kept` other views).
    expect(budgets.spend(claims(2), [view], NOW).kind).toBe('spent');
  });

  it('refuses a beacon that reports the same slice’s view twice', () => {
    const budgets = new ViewBudgets();
    expect(budgets.spend(claims(1), [view, view], NOW).kind).toBe('over_budget');
    expect(budgets.spend(claims(1), [view], NOW).kind).toBe('spent');
  });
});
