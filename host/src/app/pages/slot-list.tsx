import { Fragment, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { PageSlot, SlotCondition } from 'release-contract/page-slots';
import type { RemoteModuleId } from 'release-contract/remotes';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { ka } from 'shared/strings/ka';
import { Skeleton } from 'shared/ui/skeleton';
import { RemoteSlot } from '../../slots/remote-slot';
import { ServerRenderedSlotsContext } from '../page-audience';
import styles from './pages.module.css';
import { SLOT_LABELS } from './slot-labels';

/**
 * How long the slots below a holding one wait for it at most: a slice or a provider that
 * never answers must not keep the rest of the page from the customer. An object, so a test
 * can make the wait longer than a loaded machine's stall, or short.
 */
export const holdLimit = { atMostMs: 5_000 };

/**
 * Whether the slots below the holding ones (`holdsBelow`) are still held: until each holding
 * slot has settled (or came whole from the server) and the data they show from is known, or
 * for `holdLimit` at most.
 */
function useHolding(holders: readonly PageSlot[], holdersDataKnown: boolean) {
  // A holder the server rendered with its data has settled already: its page comes whole.
  const fromServer = useContext(ServerRenderedSlotsContext);
  const [settled, setSettled] = useState<ReadonlySet<RemoteModuleId>>(
    () => new Set(holders.filter(({ id }) => fromServer.has(id)).map(({ id }) => id)),
  );
  const [expired, setExpired] = useState(false);
  const holds = holders.length > 0;
  useEffect(() => {
    if (!holds) return;
    const timer = setTimeout(() => setExpired(true), holdLimit.atMostMs);
    return () => clearTimeout(timer);
  }, [holds]);
  const settle = useCallback(
    (id: RemoteModuleId) => setSettled((done) => (done.has(id) ? done : new Set(done).add(id))),
    [],
  );
  // One callback per holder for the page's life: a slot given a new one would render again,
  // and one rendered before its code arrives loses the server's HTML (RemoteSlot).
  const ids = holders.map(({ id }) => id).join(' ');
  const settlers = useMemo(
    () =>
      new Map(
        ids
          .split(' ')
          .filter(Boolean)
          .map((id) => [id as RemoteModuleId, () => settle(id as RemoteModuleId)]),
      ),
    [ids, settle],
  );
  const holding =
    holds && !expired && (!holdersDataKnown || holders.some(({ id }) => !settled.has(id)));
  return { holding, settlers };
}

/**
 * Over the held part of the page, once a hold lasts (a slow provider): that the page is
 * loading, in words and a placeholder, laid over the held slots' places so nothing moves when
 * they show. Fast pages never see it (useDelayedFlag).
 */
function HoldingNote() {
  return (
    <div className={styles.holding}>
      <div role="status" className={styles.holdingNote}>
        <p>{ka.common.loading}</p>
        <Skeleton height="6rem" />
      </div>
    </div>
  );
}

/**
 * The slots of a page's table, in order, those whose condition does not hold left out. While a
 * slot that holds what is below it (`holdsBelow`) has not settled, the slots after it keep
 * their places but are not shown (`visibility: hidden`, which also keeps them from assistive
 * technology and the keyboard): a notice that appears then does not push them down.
 */
export function SlotList({
  slots,
  holds = {},
  holdersDataKnown = true,
}: {
  slots: readonly PageSlot[];
  holds?: Partial<Record<SlotCondition, boolean>>;
  /** Whether the data the holding slots show from is known (or failed): they may still change before. */
  holdersDataKnown?: boolean;
}) {
  const shown = slots.filter((slot) => !slot.when || holds[slot.when]);
  const holders = shown.filter((slot) => slot.holdsBelow);
  const { holding, settlers } = useHolding(holders, holdersDataKnown);
  const holdingLong = useDelayedFlag(holding);
  const lastHolder = holders.at(-1)?.id;
  return shown.map(({ id, reserve, whenNearViewport, optional, anchor, holdsBelow }) => {
    const remoteSlot = (
      <RemoteSlot
        id={id}
        label={SLOT_LABELS[id]}
        reserve={styles[reserve]}
        whenNearViewport={whenNearViewport}
        optional={optional}
        onSettled={holdsBelow ? settlers.get(id) : undefined}
      />
    );
    return (
      <Fragment key={id}>
        {anchor ? <div id={anchor}>{remoteSlot}</div> : remoteSlot}
        {/* Everything after this mark is held (a sibling selector): no wrapper, so the held
            slots are not mounted again when it goes. */}
        {holding && id === lastHolder ? (
          <>
            {holdingLong ? <HoldingNote /> : null}
            <span className={styles.holdsBelow} data-holds-below="" />
          </>
        ) : null}
      </Fragment>
    );
  });
}
