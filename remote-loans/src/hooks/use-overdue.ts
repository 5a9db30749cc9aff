import { useQuery } from '@tanstack/react-query';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { overdueQuery } from '../lib/overdue/overdue';

/** The customer's overdue loan (null: none); asked only during a session and when `enabled`. */
export function useOverdue({ enabled = true }: { enabled?: boolean } = {}) {
  const loggedIn = useLoggedIn();
  return useQuery({ ...overdueQuery, enabled: loggedIn && enabled });
}
