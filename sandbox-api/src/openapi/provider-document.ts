import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';

/** The repository's provider API document, which the client's schemas are checked against. */
export const PROVIDER_DOCUMENT_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/provider-api.openapi.json',
);

/** The document an app's routes generate, as the file holds it. */
export async function documentText(app: FastifyInstance): Promise<string> {
  await app.ready();
  return `${JSON.stringify(app.swagger(), null, 2)}\n`;
}

/**
 * The OpenAPI document the routes generate. The app runs on a throw-away
 * database: the document depends on the routes alone, not on the configuration or the data.
 */
export async function providerDocument(): Promise<string> {
  const app = await buildApp({ config: testConfig() });
  try {
    return await documentText(app);
  } finally {
    await app.close();
  }
}
