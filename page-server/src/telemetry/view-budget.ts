import {
  RUM_MAX_BEACONS_PER_VIEW,
  RUM_MAX_EVENTS_PER_VIEW,
  type RumEvent,
  type Slice,
} from 'release-contract/rum-events';
import type { ViewClaims } from './view-token';

/*
 * What each page view has spent of its beacon budget (decision 034), at the page server its
 * beacons go to (nginx sends a view's beacons to one page server by its token). The budget is
 * the view's, not its address's: a mobile carrier's or an office's customers share one address.
 */

/** Views kept at once: a page server's sampled views of half an hour, many times over. */
export const VIEWS_KEPT = 100_000;

interface Spent {
  /** Unix seconds: the token's own expiry, after which its beacons count for nothing anyway. */
  exp: number;
  beacons: number;
  events: number;
  viewed: Set<Slice>;
  erred: Set<Slice>;
}

export type Spending =
  /** Within the budget: the slices this beacon is the view's first error of. */
  { kind: 'spent'; firstErrors: Slice[] } | { kind: 'over_budget' };

export class ViewBudgets {
  private readonly views = new Map<string, Spent>();

  constructor(private readonly kept = VIEWS_KEPT) {}

  /**
   * Spends a beacon of the view's budget, whole or not at all: over the beacons or events a
   * page sends, or a slice's second `view`, and none of it counts.
   */
  spend(claims: ViewClaims, events: readonly RumEvent[], now: number): Spending {
    const spent = this.views.get(claims.id) ?? this.open(claims, now);
    const views = events.filter((event) => event.type === 'view').map((event) => event.slice);
    const twice = views.some(
      (slice, index) => spent.viewed.has(slice) || views.indexOf(slice) !== index,
    );
    if (
      twice ||
      spent.beacons + 1 > RUM_MAX_BEACONS_PER_VIEW ||
      spent.events + events.length > RUM_MAX_EVENTS_PER_VIEW
    ) {
      return { kind: 'over_budget' };
    }
    spent.beacons += 1;
    spent.events += events.length;
    for (const slice of views) spent.viewed.add(slice);
    const firstErrors = [
      ...new Set(events.filter((event) => event.type === 'error').map((event) => event.slice)),
    ].filter((slice) => !spent.erred.has(slice));
    for (const slice of firstErrors) spent.erred.add(slice);
    return { kind: 'spent', firstErrors };
  }

  /** Views whose budget is kept now (a test reads it). */
  get size(): number {
    return this.views.size;
  }

  /**
   * A view's first beacon. The expired go first (oldest first, as they came); past the cap the
   * oldest goes even unexpired: its budget could then be spent again, but only after `kept`
   * other views have reported within its lifetime.
   */
  private open(claims: ViewClaims, now: number): Spent {
    for (const [id, spent] of this.views) {
      if (spent.exp > now && this.views.size < this.kept) break;
      this.views.delete(id);
    }
    const spent: Spent = {
      exp: claims.exp,
      beacons: 0,
      events: 0,
      viewed: new Set(),
      erred: new Set(),
    };
    this.views.set(claims.id, spent);
    return spent;
  }
}
