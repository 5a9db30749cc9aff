import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Row } from '../../db/database';
import { badRequestSchema, detailErrorSchema } from '../../lib/http-errors';

/** 1: the loan contract, 2: the registration terms (product-spec §9), 3: the personal-data notice (v1.1). */
const CONTACT_TYPES = ['1', '2', '3'] as const;

const termsQuery = z.object({
  contact_type: z.enum(CONTACT_TYPES, {
    error: (issue) =>
      issue.input === undefined
        ? 'ეს ველი სავალდებულოა.'
        : 'ხელშეკრულების ტიპი უნდა იყოს 1, 2 ან 3.',
  }),
});

const termsSchema = z.object({
  id: z.number().int(),
  contact_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string(),
  content: z.string(),
  version: z.string(),
  published_at: z.string(),
});

const questionAnswerSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  order: z.number().int(),
});

const slideSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** An absolute URL or a path on the provider (the contract): never empty. */
  image: z.string().min(1),
  link: z.string().nullable(),
  order: z.number().int(),
});

interface TermsRow extends Record<string, unknown> {
  id: number;
  contact_type: 1 | 2 | 3;
  title: string;
  content: string;
  version: string;
  published_at: Date | string;
}

/** The provider's CMS, read-only and anonymous; registered under /api/cms. */
export default async function cmsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/terms_of_contract/',
    {
      schema: {
        querystring: termsQuery,
        response: { 200: z.array(termsSchema), 400: badRequestSchema, 500: detailErrorSchema },
      },
    },
    async (request) => {
      // Every version is listed, newest first: the client shows the first, and an accepted
      // version's id stays resolvable for users who agreed to an older one.
      const rows = await app.db.query<TermsRow>(
        `SELECT id, contact_type, title, content, version, published_at
           FROM terms_of_contract WHERE contact_type = $1
          ORDER BY published_at DESC, id DESC`,
        [Number(request.query.contact_type)],
      );
      return rows.map((row) => ({
        id: row.id,
        contact_type: row.contact_type,
        title: row.title,
        content: row.content,
        version: row.version,
        published_at: new Date(row.published_at).toISOString(),
      }));
    },
  );

  /** A table the provider's staff keep in order, listed whole: its columns are the schema's. */
  const orderedList = <Item extends z.ZodObject>(path: string, table: string, item: Item) => {
    const columns = Object.keys(item.shape)
      .map((column) => `"${column}"`)
      .join(', ');
    app.get(
      path,
      { schema: { response: { 200: z.array(item), 500: detailErrorSchema } } },
      async () =>
        app.db.query<z.output<Item> & Row>(`SELECT ${columns} FROM ${table} ORDER BY "order", id`),
    );
  };

  orderedList('/question_answer/', 'question_answer', questionAnswerSchema);
  orderedList('/slider/', 'slider', slideSchema);
}
