import { readFileSync } from 'node:fs';
import { documentText, PROVIDER_DOCUMENT_PATH } from '../src/openapi/provider-document';
import { CONTRACT_VERSION, SCHEMA_PATH } from '../src/plugins/openapi';
import { build } from './build';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
}

/** Answers with no body: 204 (a card removed) and 205 (a logout). */
const EMPTY_ANSWERS = new Set(['204', '205']);

describe('the provider API document', () => {
  const ctx = build();

  it('is checked in as the routes generate it (pnpm --filter sandbox-api openapi writes it)', async () => {
    expect(readFileSync(PROVIDER_DOCUMENT_PATH, 'utf8')).toBe(await documentText(ctx().app));
  });

  it('is served at /api/schema/ as OpenAPI 3.1 JSON, to anyone', async () => {
    const response = await ctx().call({ url: SCHEMA_PATH });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/vnd\.oai\.openapi\+json/);
    const served = response.json<Document>();
    expect(served).toEqual(JSON.parse(await documentText(ctx().app)));
    expect(served.openapi).toBe('3.1.0');
    expect(served.info.version).toBe(CONTRACT_VERSION);
  });

  it("lists the provider's calls only, each with a schema for its success answer", async () => {
    const document = JSON.parse(await documentText(ctx().app)) as Document;
    const paths = Object.keys(document.paths);

    expect(paths.every((p) => p.startsWith('/api/') && p !== SCHEMA_PATH)).toBe(true);
    expect(paths).toEqual(expect.arrayContaining(['/api/loan/loan/', '/api/user/details/']));
    for (const [p, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.entries(operation.responses).filter(([status]) =>
          status.startsWith('2'),
        );
        expect(success, `${method} ${p}`).not.toEqual([]);
        for (const [status, answer] of success) {
          if (EMPTY_ANSWERS.has(status)) continue;
          expect(answer.content?.['application/json']?.schema, `${method} ${p} ${status}`).toEqual(
            expect.any(Object),
          );
        }
      }
    }
  });
});
