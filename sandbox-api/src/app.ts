import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { SandboxConfig } from './config';
import { assertNoSeedUsers } from './db/seed';
import { refusingControlCharacters } from './lib/plain-text';
import auth from './plugins/auth';
import bankDecisions from './plugins/bank-decisions';
import csrf from './plugins/csrf';
import database from './plugins/database';
import errors from './plugins/errors';
import jsonBodies from './plugins/json-bodies';
import openapi from './plugins/openapi';
import { registerRoutes } from './routes/routes';

export interface BuildOptions {
  config: SandboxConfig;
  clock?: { now: () => Date };
  /** An in-memory PGlite starts from this migrated copy (tests: test/pglite-template.ts). */
  pgliteTemplate?: Blob;
  /** Fastify's logger: on, off, or a level (and, in tests, where its lines go). */
  logger?: boolean | { level: string; stream?: { write: (line: string) => void } };
}

/** Per-file limit of the contract's photo upload. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Builds the sandbox app: external plugins, then the app's own, then the routes. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    // DRF answers /path and /path/ differently; the contract lists trailing slashes exactly.
    routerOptions: { ignoreTrailingSlash: false },
    // Errors raised before routing (an over-long path parameter, a bad URL) skip the error
    // handler; answer them in the contract's shape too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500
          ? error.statusCode
          : 400;
      void reply.code(status).send({ detail: 'მოთხოვნა არასწორია.', code: 'bad_request' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(refusingControlCharacters(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  await app.register(multipart, {
    // Registration is the largest form: 11 fields since v1.2's marketing_consent; photos: 3 files.
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 3, fields: 11, fieldSize: 1024, parts: 14 },
    throwFileSizeLimit: true,
  });
  // Before every route: it documents them as they are added.
  await app.register(openapi);
  await app.register(errors);
  await app.register(jsonBodies);
  await app.register(database, {
    config: options.config,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.pgliteTemplate ? { pgliteTemplate: options.pgliteTemplate } : {}),
  });
  await app.register(bankDecisions);
  if (options.config.mode === 'production') await assertNoSeedUsers(app.db);
  await app.register(csrf);
  await app.register(auth);
  await registerRoutes(app);
  return app;
}
