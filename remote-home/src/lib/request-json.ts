import { ApiError } from 'shared/api/api-error';
import { ka } from 'shared/strings/ka';
import type * as z from 'shared/validation/zod';

type SharedClient = typeof import('shared/api/api-client');

/**
 * shared's `requestJson`, with the API client (axios) fetched on the first call, not with the
 * slice. shared/api/request-json does this since shared 0.1.5, but a slice uses an addition
 * only once the host in production provides it (decision 010): the host at
 * deploy/in-production.json does not, and a slice's server bundle asking it for a module it
 * does not share fails to render. Until it does, the slice reaches the client through
 * api-client, which every host provides, imported when first called; then this file goes and
 * the slice imports shared/api/request-json.
 */
export async function requestJson<S extends z.ZodMiniType>(
  schema: S,
  config: Parameters<SharedClient['requestJson']>[1],
): Promise<z.infer<S>> {
  let client: SharedClient;
  try {
    client = await import('shared/api/api-client');
  } catch {
    // The client's code did not come: to the customer that is the network failing.
    throw new ApiError('network', 500, null, ka.errors.network);
  }
  return client.requestJson(schema, config);
}
