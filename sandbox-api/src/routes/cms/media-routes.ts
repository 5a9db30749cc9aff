import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';

/** The images shipped with the package (sandbox-api/media/slider). */
export const SLIDER_MEDIA_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../media/slider',
);

/**
 * A name is a plain file name: no dots but the extension, no slashes, nothing encoded, so it
 * can only ever name a file directly inside SLIDER_MEDIA_DIR.
 */
const SAFE_NAME = /^[a-z0-9-]+\.svg$/;

/**
 * The CMS's uploaded media, as a Django provider serves MEDIA_URL. Registered without a
 * prefix: the paths are /media/..., outside /api.
 */
export default async function mediaRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/media/slider/:name',
    {
      // No response schema: the 200 answer is the file's bytes, and the 404 leaves through
      // the error handler in the contract's shape.
      schema: { params: z.object({ name: z.string() }) },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!SAFE_NAME.test(name)) throw notFound();
      let body: Buffer;
      try {
        body = await readFile(path.join(SLIDER_MEDIA_DIR, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound();
        throw error;
      }
      return reply
        .type('image/svg+xml')
        .headers({
          'cache-control': 'public, max-age=86400',
          'x-content-type-options': 'nosniff',
          // An SVG opened on its own is a document that could run script; these images need
          // none, so none may run, whoever edits them later.
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        })
        .send(body);
    },
  );
}
