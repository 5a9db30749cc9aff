import { useEffect } from 'react';
import { PAGE_SLOTS } from 'release-contract/page-slots';
import { kaHost } from '../../words/ka-host';
import { SlotList } from './slot-list';

/** A customer's complaints: the account slice owns the page's content (decision 028). */
export function Component() {
  useEffect(() => {
    document.title = `${kaHost.complaints.title} · ${kaHost.brand}`;
  }, []);
  // The route's `auth` middleware lets only a customer reach it.
  return <SlotList slots={PAGE_SLOTS.complaints.customer} />;
}
