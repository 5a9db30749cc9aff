import { useEffect } from 'react';
import { PAGE_SLOTS } from 'release-contract/page-slots';
import { ka } from 'shared/strings/ka';
import { kaHost } from '../../words/ka-host';
import { SlotList } from './slot-list';

/** Account recovery: the account slice owns the whole flow. */
export function Component() {
  useEffect(() => {
    document.title = `${ka.account.recoveryTitle} · ${kaHost.brand}`;
  }, []);
  // Visitor or customer, the page is the same: the account slice's recovery flow.
  return <SlotList slots={PAGE_SLOTS.recovery.visitor} />;
}
