import { useState } from 'react';
import { useLoggedIn } from 'shared/auth/auth-store';
import { useUser } from 'shared/query/use-account';
import { VerificationPanel } from './verification-panel';

/**
 * The verification steps on the customer's home page, only while any is left: a customer who
 * arrives fully verified gets nothing, since their page is about money (decision 011). One who
 * completes the last step here keeps the section, saying so, until the page is next loaded —
 * as the host keeps its slot — so it does not vanish under them. Nothing for a visitor.
 */
export default function VerificationSection() {
  const loggedIn = useLoggedIn();
  const user = useUser().data;
  const [seenIncomplete, setSeenIncomplete] = useState(false);
  if (user && !user.full_verification && !seenIncomplete) setSeenIncomplete(true);
  if (!loggedIn || (user?.full_verification && !seenIncomplete)) return null;
  return <VerificationPanel />;
}
