import { useEffect } from 'react';
import { PAGE_SLOTS } from 'release-contract/page-slots';
import { kaHost } from '../../words/ka-host';
import { SlotList } from './slot-list';

/**
 * Where the bank sends a customer back (`/payment?order=<id>`, contract v1.3): the loans slice
 * owns the page's content, which it builds from the order in the address.
 */
export function Component() {
  useEffect(() => {
    document.title = `${kaHost.payment.title} · ${kaHost.brand}`;
  }, []);
  // The route's `auth` middleware lets only a customer reach it.
  return <SlotList slots={PAGE_SLOTS.payment.customer} />;
}
