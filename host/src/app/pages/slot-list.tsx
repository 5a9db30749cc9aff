import { Fragment } from 'react';
import { RemoteSlot } from '../../federation/remote-slot';
import type { PageSlot, SlotCondition } from './page-slots';
import styles from './pages.module.css';

/** The slots of a page's table, in order, those whose condition does not hold left out. */
export function SlotList({
  slots,
  holds = {},
}: {
  slots: readonly PageSlot[];
  holds?: Partial<Record<SlotCondition, boolean>>;
}) {
  return slots
    .filter((slot) => !slot.when || holds[slot.when])
    .map(({ id, label, reserve, whenNearViewport, optional, anchor }) => {
      const remoteSlot = (
        <RemoteSlot
          id={id}
          label={label}
          reserve={styles[reserve]}
          whenNearViewport={whenNearViewport}
          optional={optional}
        />
      );
      return (
        <Fragment key={id}>{anchor ? <div id={anchor}>{remoteSlot}</div> : remoteSlot}</Fragment>
      );
    });
}
