import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

export interface PasswordChange {
  old_password: string;
  new_password: string;
}

/** POST /api/user/user/change_password/: a wrong old password is a 400 on `old_password`. */
export async function changePassword(change: PasswordChange): Promise<void> {
  await requestJson(z.looseObject({}), {
    method: 'POST',
    url: '/api/user/user/change_password/',
    data: change,
  });
}
