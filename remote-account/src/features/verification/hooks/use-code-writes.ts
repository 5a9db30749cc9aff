import type { User } from 'shared/api/user/user-details';
import { setUserData } from 'shared/query/account-queries';
import { useWrite } from 'shared/query/use-write';
import {
  activatePhoneNumber,
  sendEmailVerification,
  sendSmsCode,
  verifyEmail,
} from '../api/verification';

/** What a one-time code confirms: the e-mail address or the phone number. */
export type CodeChannel = 'email' | 'phone';

const CALLS = {
  email: { send: sendEmailVerification, confirm: verifyEmail },
  phone: { send: sendSmsCode, confirm: activatePhoneNumber },
} as const;

/** Sending a code to the contact. */
export function useSendCode(channel: CodeChannel) {
  return useWrite({
    mutationKey: ['account', 'send-code', channel],
    mutationFn: () => CALLS[channel].send(),
  });
}

/**
 * Confirming the contact with its code. The answer is the customer as now verified, which
 * every slice reads from the page's cache: it is stored there, here and nowhere else.
 */
export function useConfirmCode(channel: CodeChannel) {
  return useWrite({
    mutationKey: ['account', 'confirm-code', channel],
    mutationFn: (code: string): Promise<User> => CALLS[channel].confirm(code),
    onSuccess: setUserData,
  });
}
