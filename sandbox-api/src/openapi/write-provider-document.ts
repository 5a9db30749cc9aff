import { writeFile } from 'node:fs/promises';
import { PROVIDER_DOCUMENT_PATH, providerDocument } from './provider-document';

// pnpm --filter sandbox-api openapi: after a route's schema changes, so the file follows it.
await writeFile(PROVIDER_DOCUMENT_PATH, await providerDocument());
console.info(`wrote ${PROVIDER_DOCUMENT_PATH}`);
