import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { contractComponents } from '../openapi/contract-components';

/** Where the sandbox serves its OpenAPI document, as drf-spectacular's `SpectacularAPIView`. */
export const SCHEMA_PATH = '/api/schema/';

/**
 * The version of the owner's contract (`shared/provider-api.md`) that the routes implement. The
 * owner's text may be ahead of them: the document says what is built, and this moves when a
 * version's calls are.
 */
export const CONTRACT_VERSION = '1.4';

const transformRoute = createJsonSchemaTransform({ schemaRegistry: contractComponents });
const transformObject = createJsonSchemaTransformObject({ schemaRegistry: contractComponents });
type Transform = typeof transformRoute;

/**
 * Only the provider's API is the contract: the development helpers (`/__sandbox/*`) and the
 * CMS's media files are the sandbox's, and the schema's own path describes nothing.
 */
const providerRoutesOnly: Transform = (input) =>
  input.url.startsWith('/api/') && input.url !== SCHEMA_PATH
    ? transformRoute(input)
    : { schema: { hide: true }, url: input.url };

const REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The registry's shapes as components, keeping those the routes reach: each is also written as
 * a request shape (`LoanInput`), which no route takes.
 */
const transformDocument: typeof transformObject = (input) => {
  const document = transformObject(input);
  const components = 'components' in document ? document.components : undefined;
  const schemas = components?.schemas;
  if (!components || !schemas) return document;
  const kept = new Set<string>();
  const pending = [...JSON.stringify(document.paths).matchAll(REF)].map((match) => match[1]);
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (kept.has(id) || !(id in schemas)) continue;
    kept.add(id);
    pending.push(...[...JSON.stringify(schemas[id]).matchAll(REF)].map((match) => match[1]));
  }
  // A fresh object of this call's: the reachable components replace what it listed.
  components.schemas = Object.fromEntries(Object.entries(schemas).filter(([id]) => kept.has(id)));
  return document;
};

/**
 * The provider API as an OpenAPI 3.1 document, generated from the routes' zod schemas, so the
 * document the client is checked against (`docs/provider-api.openapi.json`) is what the
 * sandbox does. Registered before the routes: swagger collects them as they are added.
 */
async function openapi(instance: FastifyInstance): Promise<void> {
  await instance.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ონლაინ სესხი — provider API',
        version: CONTRACT_VERSION,
        description:
          "Generated from sandbox-api's route schemas (`pnpm --filter sandbox-api openapi`). " +
          'The product owner’s text is shared/provider-api.md; this document is what code is checked against.',
      },
    },
    transform: providerRoutesOnly,
    transformObject: transformDocument,
  });
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(SCHEMA_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/vnd.oai.openapi+json').send(JSON.stringify(app.swagger())),
  );
}

export default fp(openapi, { name: 'openapi' });
