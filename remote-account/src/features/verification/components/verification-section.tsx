import { useRef } from 'react';
import { useAuthStore } from 'shared/auth/auth-store';
import { useUser } from 'shared/query/use-account';
import { VerificationPanel } from './verification-panel';

/**
 * The verification steps on the customer's home page, only while any is left: a fully
 * verified customer's page is about money (decision 011); one who has just completed the last
 * step still sees the success until the page is next loaded. Nothing for a visitor.
 */
export default function VerificationSection() {
  const loggedIn = useAuthStore((state) => state.status === 'logged-in');
  const user = useUser().data;
  // Completing the last step here shows the success before the section leaves the page.
  const seenIncomplete = useRef(false);
  if (user && !user.full_verification) seenIncomplete.current = true;
  if (!loggedIn || (user?.full_verification && !seenIncomplete.current)) return null;
  return <VerificationPanel />;
}
