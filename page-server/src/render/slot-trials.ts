/*
 * What the page server holds against a slice's code (decision 032), from what it saw itself:
 * which release it asked a worker to load, which slots it asked it to render, and that the
 * worker then stopped turning. A worker's own words (an "entering slot X") never name a culprit.
 *
 * - A release whose loading stopped a worker is quarantined: never run again by this server.
 * - A slot that stopped a worker while it was the only code of the worker's at work is
 *   quarantined, unless it had rendered unharmed before: then it is tried again, alone, and
 *   quarantined at its next stop (a loaded machine can stall innocent code once).
 * - Slots that stopped a worker together are each suspected: each runs alone (in a trial worker
 *   of its slice's, render-pool) until it has rendered unharmed, so the next stop names the one
 *   that loops.
 * - A worker stopped for its memory while holding several releases names none of them: the
 *   slots it was running are suspected, as above.
 */

/** What a worker was running, as the page server knows it: a release's load, or a slot of it. */
export interface SliceCode {
  remote: string;
  /** The release as the page server names it (its configured address and pin). */
  release: string;
  /** The slot (`remote_home/LoanCalculator`); absent for the release's load. */
  slot?: string;
}

export const codeKey = (code: SliceCode) =>
  code.slot ? `${code.remote} ${code.release} ${code.slot}` : `${code.remote} ${code.release}`;

export type Verdict =
  | { kind: 'quarantined'; code: SliceCode }
  | { kind: 'tried again'; code: SliceCode }
  | { kind: 'suspected'; codes: SliceCode[] }
  | { kind: 'none' };

export class SlotTrials {
  private readonly quarantined = new Set<string>();
  private readonly proven = new Set<string>();
  /** Proven code that stopped a worker once: its next stop quarantines it. */
  private readonly struck = new Set<string>();
  private readonly suspects = new Set<string>();

  /** Whether the release, or this slot of it, is never run here again. */
  isQuarantined(code: SliceCode): boolean {
    return (
      this.quarantined.has(codeKey({ remote: code.remote, release: code.release })) ||
      this.quarantined.has(codeKey(code))
    );
  }

  /** Whether the slot must run alone in its worker (it stopped one with others). */
  mustRunAlone(code: SliceCode): boolean {
    return this.suspects.has(codeKey(code));
  }

  /** Whether any slot of the remote must still run alone. */
  hasSuspects(remote: string): boolean {
    return [...this.suspects].some((key) => key.startsWith(`${remote} `));
  }

  /** The slots ran to their end in a worker that kept turning. */
  ranUnharmed(codes: readonly SliceCode[]): void {
    for (const code of codes) {
      if (!code.slot) continue;
      this.proven.add(codeKey(code));
      this.suspects.delete(codeKey(code));
    }
  }

  /** A worker stopped while running `codes` (what the page server had asked it, unanswered). */
  stopped(codes: readonly SliceCode[]): Verdict {
    const loads = codes.filter((code) => !code.slot);
    const [load] = loads;
    if (load) {
      // New code, loaded alone (a load is never asked beside anything else): no second chance.
      this.quarantined.add(codeKey(load));
      return { kind: 'quarantined', code: load };
    }
    const slots = [...new Map(codes.map((code) => [codeKey(code), code])).values()];
    const [only] = slots;
    if (!only) return { kind: 'none' };
    if (slots.length === 1) {
      const key = codeKey(only);
      if (this.proven.has(key) && !this.struck.has(key)) {
        this.struck.add(key);
        this.proven.delete(key);
        this.suspects.add(key);
        return { kind: 'tried again', code: only };
      }
      this.suspects.delete(key);
      this.quarantined.add(key);
      return { kind: 'quarantined', code: only };
    }
    for (const code of slots) {
      this.proven.delete(codeKey(code));
      this.suspects.add(codeKey(code));
    }
    return { kind: 'suspected', codes: slots };
  }

  /**
   * A worker stopped for what any of its code may have done (its memory): the slots it was
   * running are suspects, none is put down (slot-trials' trial runs name the one).
   */
  suspect(codes: readonly SliceCode[]): Verdict {
    const slots = [
      ...new Map(codes.filter((code) => code.slot).map((code) => [codeKey(code), code])).values(),
    ];
    if (slots.length === 0) return { kind: 'none' };
    for (const code of slots) {
      this.proven.delete(codeKey(code));
      this.suspects.add(codeKey(code));
    }
    return { kind: 'suspected', codes: slots };
  }

  /** Everything quarantined, for tests and the log. */
  quarantine(): string[] {
    return [...this.quarantined];
  }
}

/** What the page server held against code that stopped a worker, for its log. */
export function describeVerdict(
  verdict: Exclude<Verdict, { kind: 'none' }>,
  tenant: string,
  why: string,
): string {
  const name = (code: SliceCode) =>
    `${code.remote}: release ${code.release}${code.slot ? `: ${code.slot}` : ''}`;
  switch (verdict.kind) {
    case 'quarantined':
      return `${name(verdict.code)} stopped a render worker (${why}); ${verdict.code.slot ? 'that slot of the release is' : 'its slots are'} left to the browser from now on`;
    case 'tried again':
      return `${name(verdict.code)} stopped a render worker (${why}) after rendering unharmed; it runs alone from now on, and is left to the browser if it stops another`;
    case 'suspected':
      return `a ${tenant} render worker stopped (${why}) while rendering ${verdict.codes.map((code) => code.slot).join(', ')}; each runs alone from now on, so the next stop names the one`;
  }
}
