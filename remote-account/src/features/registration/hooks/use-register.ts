import { useWrite } from 'shared/query/use-write';
import { type Registration, register } from '../api/register';

/**
 * Registering: the customer stays logged out (the spec), so nothing cached changes; the
 * answer names the new customer.
 */
export function useRegister() {
  return useWrite({
    mutationKey: ['account', 'register'],
    mutationFn: (registration: Registration) => register(registration),
  });
}
