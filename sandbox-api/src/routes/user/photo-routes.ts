import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, detailErrorSchema, FieldErrors, HttpError } from '../../lib/http-errors';
import { detectImageType, IMAGE_TYPES, type ImageContentType } from '../../lib/image-type';
import { currentPhotos, PHOTO_KINDS, type PhotoView } from '../../lib/verification';

type PhotoKind = (typeof PHOTO_KINDS)[number];

const MESSAGES = {
  notAnImage: 'ფაილი უნდა იყოს JPEG, PNG ან WebP ფორმატის სურათი.',
  empty: 'ატვირთული ფაილი ცარიელია.',
  notAFile: 'ამ ველში ფაილი უნდა აიტვირთოს.',
  duplicate: 'ამ ველში მხოლოდ ერთი ფაილი შეიძლება აიტვირთოს.',
  unknownField: 'უცნობი ველი.',
  nothingSent: 'ატვირთეთ ერთი ფოტო მაინც: id_front, id_back ან selfie.',
  tooManyParts: 'მოთხოვნაში ძალიან ბევრი ველია.',
  malformed: 'multipart მოთხოვნა დაზიანებულია.',
  notMultipart: 'მოთხოვნის ფორმატი არ არის მხარდაჭერილი: გამოიყენეთ multipart/form-data.',
} as const;

/** @fastify/multipart's count limits (app.ts): more parts than a valid upload can have. */
const COUNT_LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

const photoSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PHOTO_KINDS),
  status: z.enum(['pending', 'approved', 'rejected']),
  uploaded_at: z.iso.datetime(),
});
const authErrors = { 401: detailErrorSchema, 403: detailErrorSchema, 500: detailErrorSchema };

const isPhotoKind = (name: string): name is PhotoKind =>
  (PHOTO_KINDS as readonly string[]).includes(name);

interface ReceivedPhoto {
  kind: PhotoKind;
  bytes: Buffer;
  contentType: ImageContentType;
}

/** The contract's order (front, back, selfie) rather than the query's alphabetical one. */
function inKindOrder(photos: PhotoView[]): PhotoView[] {
  return [...photos].sort((a, b) => PHOTO_KINDS.indexOf(a.kind) - PHOTO_KINDS.indexOf(b.kind));
}

/**
 * Personal verification photos, registered under /api/user. An upload sends any non-empty
 * subset of id_front, id_back and selfie; each new photo becomes its kind's current one.
 */
export default async function photoRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const photosOf = async (userId: number) =>
    inKindOrder(
      await currentPhotos(app.db, userId, app.clock.now(), app.config.decisionDelaySeconds),
    );

  app.get(
    '/user/personal_verification_photos/',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: z.array(photoSchema), ...authErrors } },
    },
    async (request) => photosOf(request.user.id),
  );

  app.post(
    '/user/personal_verification_photos/',
    {
      preHandler: app.authenticate,
      schema: {
        response: {
          201: z.array(photoSchema),
          400: badRequestSchema,
          413: detailErrorSchema,
          415: detailErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'unsupported_media_type', MESSAGES.notMultipart);
      }
      const received = await readPhotos(request.parts());
      await storePhotos(app, request.user.id, received);
      return reply.code(201).send(await photosOf(request.user.id));
    },
  );
}

/**
 * Reads every part before judging any, so one answer lists every field's problems (DRF
 * style). Files are held in memory: at most three of 5 MiB each, the multipart limits.
 */
async function readPhotos(parts: AsyncIterableIterator<Multipart>): Promise<ReceivedPhoto[]> {
  const received = new Map<PhotoKind, ReceivedPhoto>();
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] ??= [];
    if (!errors[field].includes(message)) errors[field].push(message);
  };
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        add(
          part.fieldname,
          isPhotoKind(part.fieldname) ? MESSAGES.notAFile : MESSAGES.unknownField,
        );
        continue;
      }
      if (!isPhotoKind(part.fieldname)) {
        // Drained, not stored: the parser moves on to the next part only once this one is read.
        part.file.resume();
        add(part.fieldname, MESSAGES.unknownField);
        continue;
      }
      // Throws FST_REQ_FILE_TOO_LARGE past the 5 MiB limit: the error handler answers 413.
      const bytes = await part.toBuffer();
      const kind = part.fieldname;
      if (received.has(kind) || errors[kind]) {
        add(kind, MESSAGES.duplicate);
        continue;
      }
      if (bytes.length === 0) {
        add(kind, MESSAGES.empty);
        continue;
      }
      const contentType = detectImageType(bytes);
      if (!contentType) {
        add(kind, MESSAGES.notAnImage);
        continue;
      }
      received.set(kind, { kind, bytes, contentType });
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    // Only a malformed or abusive form has more parts than the three photos; say so as a
    // validation error rather than the parser's generic 413.
    if (code && COUNT_LIMIT_CODES.has(code)) {
      throw new FieldErrors({ non_field_errors: [MESSAGES.tooManyParts] });
    }
    // The plugin's own errors (413 file_too_large, a premature close) carry their status.
    if (statusCode !== undefined) throw error;
    // What is left comes from the form parser (no boundary, a truncated body): the client's
    // fault, as DRF's MultiPartParser says with a 400 ParseError.
    throw new HttpError(400, 'parse_error', MESSAGES.malformed);
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  if (received.size === 0) throw new FieldErrors({ non_field_errors: [MESSAGES.nothingSent] });
  return [...received.values()];
}

/**
 * Nothing half-written: the files go to temporary names first, then the rows are inserted and
 * the files renamed to their final names inside one transaction (a failed rename rolls the
 * rows back). On any failure every file this upload wrote is removed again.
 */
async function storePhotos(
  app: FastifyInstance,
  userId: number,
  photos: ReceivedPhoto[],
): Promise<void> {
  const dir = app.config.uploadDir;
  await mkdir(dir, { recursive: true });
  const staged = photos.map((photo) => {
    // Random names: nothing of the client's file name reaches the disk.
    const fileName = `${randomUUID()}.${IMAGE_TYPES[photo.contentType]}`;
    return {
      ...photo,
      fileName,
      tempPath: path.join(dir, `.${fileName}.part`),
      finalPath: path.join(dir, fileName),
    };
  });
  const written: string[] = [];
  try {
    for (const photo of staged) {
      written.push(photo.tempPath);
      await writeFile(photo.tempPath, photo.bytes, { flag: 'wx' });
    }
    const uploadedAt = app.clock.now();
    await app.db.transaction(async (tx) => {
      for (const photo of staged) {
        await tx.query(
          `INSERT INTO photos (user_id, kind, content_type, file_name, status, uploaded_at)
           VALUES ($1, $2, $3, $4, 'pending', $5)`,
          [userId, photo.kind, photo.contentType, photo.fileName, uploadedAt],
        );
      }
      for (const photo of staged) {
        await rename(photo.tempPath, photo.finalPath);
        written.push(photo.finalPath);
      }
    });
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  }
}
