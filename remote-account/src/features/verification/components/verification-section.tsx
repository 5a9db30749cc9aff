import { useLoggedIn } from 'shared/auth/use-logged-in';
import { VerificationPanel } from './verification-panel';

/**
 * The verification steps on the customer's home page, nothing for a visitor. Whether the page
 * shows them is the host's to say (its CustomerHome: while any step is left, and until the
 * next load for a customer who completes the last one there, decision 011): once shown, the
 * section always says where the customer stands, "fully verified" included.
 */
export default function VerificationSection() {
  return useLoggedIn() ? <VerificationPanel /> : null;
}
