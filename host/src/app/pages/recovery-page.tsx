import { useEffect } from 'react';
import { ka } from 'shared/strings/ka';
import { RemoteSlot } from '../../federation/remote-slot';
import { kaHost } from '../ka-host';

/** Account recovery: the account slice owns the whole flow. */
export function Component() {
  useEffect(() => {
    document.title = `${ka.account.recoveryTitle} · ${kaHost.brand}`;
  }, []);
  return (
    <RemoteSlot
      id="remote_account/RecoveryPage"
      label={ka.account.recoveryTitle}
      minHeight="20rem"
    />
  );
}
