import { readFileSync } from 'node:fs';

/*
 * A Unix user of its own for each tenant's render workers (decision 032, issue 56 row 2): the
 * host's parts and each slice. Workers of one user can signal, trace and read one another; a
 * slice's code that shared one with another slice's SIGSTOPped that slice's worker, and the page
 * server blamed the innocent slice. Linux needs no account to run as a numeric uid, so the
 * uids are a base and the tenant's place (the host first, then each slice in the contract's
 * order); one that belongs to an account of this machine, or to root or the page server itself,
 * is refused: its files and processes would be the worker's.
 */

/** The ids this machine has given out: its users', its groups', and subordinate ranges. */
export interface TakenIds {
  uids: ReadonlySet<number>;
  gids: ReadonlySet<number>;
  /** Subordinate ranges (/etc/subuid, /etc/subgid): a rootless container's processes run as them. */
  ranges: readonly { first: number; count: number }[];
}

/** The highest uid a process may take: (uid_t)-1 means "unchanged" to the kernel. */
const MAX_UID = 2 ** 32 - 2;

/** Each line's `field`th colon-separated number (passwd's and group's third is the id). */
function idsIn(file: string, field: number): Set<number> {
  const ids = new Set<number>();
  for (const line of readText(file).split('\n')) {
    const id = Number(line.split(':')[field]);
    if (line.trim() && Number.isInteger(id)) ids.add(id);
  }
  return ids;
}

function rangesIn(file: string): { first: number; count: number }[] {
  return readText(file)
    .split('\n')
    .map((line) => line.split(':'))
    .map(([, first, count]) => ({ first: Number(first), count: Number(count) }))
    .filter(({ first, count }) => Number.isInteger(first) && Number.isInteger(count));
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The ids this machine's account files give out. */
export function takenIds(etc = '/etc'): TakenIds {
  return {
    uids: idsIn(`${etc}/passwd`, 2),
    gids: idsIn(`${etc}/group`, 2),
    ranges: [...rangesIn(`${etc}/subuid`), ...rangesIn(`${etc}/subgid`)],
  };
}

/** Why `id` may not be a worker's uid and gid, or undefined when it may. */
function refusal(id: number, taken: TakenIds, selfUid: number): string | undefined {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_UID) return 'is not a uid a worker may take';
  if (id === selfUid) return "is the page server's own";
  if (taken.uids.has(id)) return "belongs to a user of this machine's (/etc/passwd)";
  if (taken.gids.has(id)) return "belongs to a group of this machine's (/etc/group)";
  if (taken.ranges.some((range) => id >= range.first && id < range.first + range.count)) {
    return 'is in a subordinate range (/etc/subuid, /etc/subgid)';
  }
  return undefined;
}

/**
 * Each tenant's id, its uid and gid: `base + its place`; or why not, when one of them may not
 * be taken (then no tenant gets one: the caller says so and runs the workers as before).
 */
export function tenantIds(
  base: number,
  tenants: readonly string[],
  taken: TakenIds,
  selfUid: number,
): { ids: Map<string, number> } | { why: string } {
  const ids = new Map<string, number>();
  for (const [place, tenant] of tenants.entries()) {
    const id = base + place;
    const refused = refusal(id, taken, selfUid);
    if (refused) return { why: `uid ${id} (for ${tenant}'s render workers) ${refused}` };
    ids.set(tenant, id);
  }
  return { ids };
}
