import { z } from 'zod';
import { requestJson } from '../api-client';

/** POST /api/user/logout/ with the refresh token; the provider blacklists it (205, no body). */
export async function logout(refresh: string): Promise<void> {
  await requestJson(z.unknown(), { method: 'POST', url: '/api/user/logout/', data: { refresh } });
}
