import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HARDSHIP_COLUMNS,
  type HardshipRow,
  hardshipView,
  insertHardshipRequest,
} from '../../lib/hardship';
import { HttpError } from '../../lib/http-errors';
import { errorResponses, hardshipBody, hardshipSchema, idParams, parseId } from './loan-schemas';
import { customersLoan, openLoanWrite } from './open-loan';

const requestOpen = () =>
  new HttpError(
    400,
    'hardship_request_open',
    'ამ სესხზე თქვენი მოთხოვნა უკვე განხილვის პროცესშია. პასუხს მიიღებთ მისი ვადის ამოწურვამდე.',
  );

/**
 * v1.2: a customer asks for help with a loan before it goes bad. Asking changes nothing by
 * itself; one request at a time per loan, and only while the loan is open.
 */
export default async function hardshipRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/loan/:id/hardship/',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 200: z.array(hardshipSchema), ...errorResponses } },
    },
    async (request) => {
      const loan = await customersLoan(app, request.user.id, parseId(request.params.id));
      const rows = await app.db.query<HardshipRow>(
        `SELECT ${HARDSHIP_COLUMNS} FROM hardship_requests WHERE loan_id = $1
          ORDER BY created_at DESC, id DESC`,
        [loan.id],
      );
      return rows.map(hardshipView);
    },
  );

  app.post(
    '/loan/:id/hardship/',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        body: hardshipBody,
        response: { 201: hardshipSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The loan's row lock serialises two requests for it: the second sees the first.
      const created = await openLoanWrite(
        app,
        request.user.id,
        parseId(request.params.id),
        async (tx, loan) => {
          const open = await tx.query(
            `SELECT 1 FROM hardship_requests WHERE loan_id = $1 AND status = 'received' LIMIT 1`,
            [loan.id],
          );
          if (open.length > 0) throw requestOpen();
          return insertHardshipRequest(tx, loan.id, request.body, app.clock.now());
        },
      );
      return reply.code(201).send(created);
    },
  );
}
