import { type UserUpdate, updateUser } from 'shared/api/user/user-details';
import { setUserData } from 'shared/query/account-queries';
import { useWrite } from 'shared/query/use-write';
import { changePassword, type PasswordChange } from '../api/change-password';

/**
 * Saving the customer's name and e-mail (only what changed). The answer is the customer now,
 * which every slice reads from the page's cache: it is stored there, here alone.
 */
export function useUpdateProfile(userId: number) {
  return useWrite({
    mutationKey: ['account', 'update-profile', userId],
    mutationFn: (patch: UserUpdate) => updateUser(userId, patch),
    onSuccess: setUserData,
  });
}

/**
 * Changing the password with the current one; nothing cached changes. It answers true, so a
 * send that was ignored (one already on its way) reads apart from one that went through.
 */
export function useChangePassword() {
  return useWrite({
    mutationKey: ['account', 'change-password'],
    mutationFn: async (change: PasswordChange) => {
      await changePassword(change);
      return true as const;
    },
  });
}
