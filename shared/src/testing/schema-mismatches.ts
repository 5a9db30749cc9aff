import * as fc from 'fast-check';

/*
 * Whether a client's schema takes every answer a provider's schema allows, both as JSON Schema
 * (draft 2020-12, as zod writes them). It looks at what the client asks for: a field it requires
 * must be one the provider always sends, of a type, values and format the client takes. It errs
 * towards saying "no": a rule it cannot prove the provider keeps is a mismatch.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
}

type Components = Record<string, JsonSchema>;

const REF_PREFIX = '#/components/schemas/';

function resolved(schema: JsonSchema, components: Components): JsonSchema {
  if (!schema.$ref?.startsWith(REF_PREFIX)) return schema;
  const target = components[schema.$ref.slice(REF_PREFIX.length)];
  if (!target) throw new Error(`the document has no ${schema.$ref}`);
  return resolved(target, components);
}

/** A schema's alternatives: a nullable field is its type or null. */
function alternatives(schema: JsonSchema, components: Components): JsonSchema[] {
  const plain = resolved(schema, components);
  const union = plain.anyOf ?? plain.oneOf;
  if (union) return union.flatMap((option) => alternatives(option, components));
  if (Array.isArray(plain.type)) return plain.type.map((type) => ({ ...plain, type }));
  return [plain];
}

const valuesOf = (schema: JsonSchema): unknown[] | undefined =>
  schema.enum ?? (schema.const === undefined ? undefined : [schema.const]);

function typeOf(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  const [first] = valuesOf(schema) ?? [];
  if (first === null) return 'null';
  if (first === undefined) return undefined;
  return Number.isInteger(first) ? 'integer' : typeof first;
}

const show = (values: readonly unknown[]) =>
  values.map((value) => JSON.stringify(value)).join(', ');

/** A string schema's rules as a reader would say them: `/^\d+$/, 10 characters or more`. */
function stringRules(schema: JsonSchema): string {
  const rules = [
    schema.pattern === undefined ? undefined : `/${schema.pattern}/`,
    schema.minLength ? `${schema.minLength} characters or more` : undefined,
    schema.maxLength === undefined ? undefined : `${schema.maxLength} characters at most`,
  ].filter(Boolean);
  return rules.length > 0 ? rules.join(', ') : 'any string';
}

const takes = (schema: JsonSchema) => {
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
  return (text: string) =>
    (pattern?.test(text) ?? true) &&
    text.length >= (schema.minLength ?? 0) &&
    text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
};

/**
 * Where the client's string rules are stricter than the provider's. Rules that are not the
 * provider's own are judged by examples drawn from its pattern (a pattern does not say whether
 * it implies another; its strings do), so a provider with none promises any string.
 */
function stringMismatches(client: JsonSchema, provider: JsonSchema): string[] {
  const out: string[] = [];
  if (client.format !== undefined && client.format !== provider.format) {
    out.push(
      `: the client takes format ${client.format}, the provider promises ${provider.format ?? 'none'}`,
    );
  }
  const kept =
    (client.pattern === undefined || client.pattern === provider.pattern) &&
    (client.minLength ?? 0) <= (provider.minLength ?? 0) &&
    (client.maxLength ?? Number.POSITIVE_INFINITY) >=
      (provider.maxLength ?? Number.POSITIVE_INFINITY);
  if (kept) return out;
  const promise = stringRules(provider);
  if (provider.pattern === undefined) {
    return [...out, `: the client takes ${stringRules(client)}, the provider promises ${promise}`];
  }
  const sent = fc
    .sample(fc.stringMatching(new RegExp(provider.pattern, 'u')), { numRuns: 300, seed: 57 })
    .filter(takes({ ...provider, pattern: undefined }));
  const refused = sent.find((text) => !takes(client)(text));
  if (refused !== undefined) {
    out.push(
      `: the provider may send ${JSON.stringify(refused)} (${promise}), the client takes ${stringRules(client)}`,
    );
  }
  return out;
}

function numberMismatches(client: JsonSchema, provider: JsonSchema): string[] {
  const out: string[] = [];
  if (
    client.minimum !== undefined &&
    !(provider.minimum !== undefined && provider.minimum >= client.minimum)
  ) {
    out.push(
      `: the client takes ${client.minimum} or more, the provider promises ${provider.minimum ?? 'no bound'}`,
    );
  }
  if (
    client.maximum !== undefined &&
    !(provider.maximum !== undefined && provider.maximum <= client.maximum)
  ) {
    out.push(
      `: the client takes ${client.maximum} or less, the provider promises ${provider.maximum ?? 'no bound'}`,
    );
  }
  return out;
}

function objectMismatches(
  client: JsonSchema,
  provider: JsonSchema,
  components: Components,
): string[] {
  const out: string[] = [];
  const sent = provider.properties ?? {};
  const always = new Set(provider.required ?? []);
  for (const [key, field] of Object.entries(client.properties ?? {})) {
    const at = `.${key}`;
    const theirs = sent[key];
    if (!theirs) {
      out.push(`${at}: the client reads it, the provider's document does not have it`);
      continue;
    }
    if (client.required?.includes(key) && !always.has(key)) {
      out.push(`${at}: the client requires it, the provider may leave it out`);
    }
    out.push(...schemaMismatches(field, theirs, components).map((why) => `${at}${why}`));
  }
  const extra = client.additionalProperties;
  if (extra === false) {
    const unknown = Object.keys(sent).filter((key) => !client.properties?.[key]);
    if (unknown.length > 0 || provider.additionalProperties !== false) {
      out.push(
        `: the client refuses fields it does not name, the provider may send ${unknown.length > 0 ? unknown.join(', ') : 'more'}`,
      );
    }
  } else if (typeof extra === 'object' && !client.properties) {
    // A record: every field the provider sends, named or not, is one of its values.
    for (const [key, field] of Object.entries(sent)) {
      out.push(...schemaMismatches(extra, field, components).map((why) => `.${key}${why}`));
    }
    if (typeof provider.additionalProperties === 'object') {
      out.push(
        ...schemaMismatches(extra, provider.additionalProperties, components).map(
          (why) => `.*${why}`,
        ),
      );
    }
  }
  return out;
}

/** Why the client does not take one of the provider's alternatives ([] when it does). */
function alternativeMismatches(
  client: JsonSchema,
  provider: JsonSchema,
  components: Components,
): string[] {
  const ours = typeOf(client);
  if (ours === undefined) return [];
  const theirs = typeOf(provider);
  if (theirs === undefined) return [`: the client takes ${ours}, the provider promises any value`];
  const compatible = ours === theirs || (ours === 'number' && theirs === 'integer');
  if (!compatible) return [`: the client takes ${ours}, the provider sends ${theirs}`];
  const taken = valuesOf(client);
  if (taken) {
    const sent = valuesOf(provider);
    if (!sent) return [`: the client takes only ${show(taken)}, the provider sends any ${theirs}`];
    const unknown = sent.filter((value) => !taken.includes(value));
    if (unknown.length > 0)
      return [`: the provider may send ${show(unknown)}, the client takes ${show(taken)}`];
  }
  switch (ours) {
    case 'string':
      return stringMismatches(client, provider);
    case 'integer':
    case 'number':
      return numberMismatches(client, provider);
    case 'object':
      return objectMismatches(client, provider, components);
    case 'array': {
      const out: string[] = [];
      if ((client.minItems ?? 0) > (provider.minItems ?? 0))
        out.push(`: the client takes ${client.minItems} items or more`);
      if (client.items) {
        if (!provider.items) return [...out, '[]: the provider promises any items'];
        out.push(
          ...schemaMismatches(client.items, provider.items, components).map((why) => `[]${why}`),
        );
      }
      return out;
    }
    default:
      return [];
  }
}

/**
 * Why the client would refuse an answer the provider's schema allows, one line per reason,
 * each starting with where (`.schedule[].paid: …`); [] when it takes every such answer.
 */
export function schemaMismatches(
  client: JsonSchema,
  provider: JsonSchema,
  components: Components = {},
): string[] {
  const ours = alternatives(client, components);
  return alternatives(provider, components).flatMap((theirs) => {
    const reasons = ours.map((option) => alternativeMismatches(option, theirs, components));
    if (reasons.some((why) => why.length === 0)) return [];
    // The closest of the client's alternatives says why: the one of the same type, if any.
    const sameType = ours.findIndex((option) => typeOf(option) === typeOf(theirs));
    return reasons[Math.max(sameType, 0)] ?? [];
  });
}
