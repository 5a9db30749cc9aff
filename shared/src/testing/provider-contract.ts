import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
/*
 * The one module that converts a client schema to JSON Schema, in tests only: the page's zod
 * (`shared/validation/zod`) leaves `toJSONSchema` out, so no page carries it.
 */
import type { ZodMiniType } from 'shared/validation/zod';
import { toJSONSchema } from 'zod/mini';
import { type JsonSchema, schemaMismatches } from './schema-mismatches';

/*
 * The client's answer schemas checked against the repository's provider document
 * (`docs/provider-api.openapi.json`, generated from the sandbox's routes): each package that
 * calls the provider lists which schema reads which operation's answer, and its test fails when
 * a schema asks for what the document does not promise, or a call has no pair.
 */

/** `METHOD /path/{id}/` as the document names an operation. */
export type Operation = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;

/** A schema the client reads an operation's answer with (`null`: the answer is not read). */
export interface ProviderRead {
  operation: Operation;
  schema: ZodMiniType | null;
  /** The answer's status; every success answer with a body when left out. */
  status?: number;
}

interface DocumentOperation {
  responses: Record<string, { content?: { 'application/json'?: { schema?: JsonSchema } } }>;
}
interface ProviderDocument {
  paths: Record<string, Record<string, DocumentOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const DOCUMENT_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/provider-api.openapi.json',
);

let document: ProviderDocument | undefined;
const providerDocument = (): ProviderDocument => {
  document ??= JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as ProviderDocument;
  return document;
};

const operationOf = (read: Operation): DocumentOperation | undefined => {
  const [method = '', route = ''] = read.split(' ');
  return providerDocument().paths[route]?.[method.toLowerCase()];
};

/** Everything wrong with one pair: the operation, its answer, and each field the client reads. */
export function readMismatches({ operation, schema, status }: ProviderRead): string[] {
  const documented = operationOf(operation);
  if (!documented) return [`${operation}: not in the provider's document`];
  if (!schema) return [];
  const codes =
    status === undefined
      ? Object.keys(documented.responses).filter((code) => code.startsWith('2'))
      : [String(status)];
  const answers = codes.flatMap((code) => {
    const answer = documented.responses[code]?.content?.['application/json']?.schema;
    return answer ? [{ code, answer }] : [];
  });
  if (answers.length === 0) return [`${operation}: no ${codes.join(', ')} answer with a body`];
  const client = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const components = providerDocument().components?.schemas ?? {};
  return answers.flatMap(({ code, answer }) =>
    schemaMismatches(client, answer, components).map((why) => `${operation} ${code}${why}`),
  );
}
/** A source text's provider calls, as operations' paths (`/api/loan/loan/{id}/`). */
export type CallFinder = (source: string) => string[];

/** Path literals: '/api/…', "/api/…" and `/api/…${id}…`, with each `${…}` read as `{id}`. */
export const pathLiterals: CallFinder = (source) =>
  [...source.matchAll(/(['"`])(\/api\/[\w/${}.]+?)\1/g)].map((match) =>
    (match[2] ?? '').replace(/\$\{[^}]*\}/g, '{id}'),
  );

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|(^|\/)testing\//.test(file))
    .map((file) => path.join(folder, file));

/**
 * The provider paths a package's sources call that no pair names, the `skipped` paths (the
 * page server's own routes under /api/, say) aside: a call added without its pair fails.
 */
export function unpairedCalls(
  folder: string,
  reads: readonly ProviderRead[],
  { find = [pathLiterals], skipped = [] }: { find?: CallFinder[]; skipped?: string[] } = {},
): string[] {
  const paired = new Set(reads.map((read) => read.operation.split(' ')[1]));
  const called = sourceFiles(folder).flatMap((file) => {
    const source = withoutComments(readFileSync(file, 'utf8'));
    return find.flatMap((finder) => finder(source));
  });
  return [...new Set(called)].filter((call) => !paired.has(call) && !skipped.includes(call));
}
