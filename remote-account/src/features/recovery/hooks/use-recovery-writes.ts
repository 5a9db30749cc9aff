import { useWrite } from 'shared/query/use-write';
import {
  type RecoveryInput,
  recoverPassword,
  requestPasswordReset,
} from '../api/password-recovery';

/** Asking for the SMS code that lets a personal number set a new password. */
export function useRequestPasswordReset() {
  return useWrite({
    mutationKey: ['account', 'request-password-reset'],
    mutationFn: (username: string) => requestPasswordReset(username),
  });
}

/**
 * Setting the new password with the code. Nothing cached changes (no one is logged in); it
 * answers true, so an ignored second send reads apart from one that went through.
 */
export function useRecoverPassword() {
  return useWrite({
    mutationKey: ['account', 'recover-password'],
    mutationFn: async (input: RecoveryInput) => {
      await recoverPassword(input);
      return true as const;
    },
  });
}
