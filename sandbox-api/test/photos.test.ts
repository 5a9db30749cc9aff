import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '../src/app';
import { detectImageType } from '../src/lib/image-type';
import { hashPassword } from '../src/lib/passwords';
import { build, TEST_START, type TestContext } from './build';

const URL = '/api/user/user/personal_verification_photos/';

/** Tiny "images": a real signature, then padding. The server reads only the signature. */
const image = {
  jpeg: (size = 64) =>
    withPadding([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46], size),
  png: (size = 64) => withPadding([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size),
  webp: (size = 64) =>
    withPadding([...Buffer.from('RIFF'), 0x24, 0x00, 0x00, 0x00, ...Buffer.from('WEBPVP8 ')], size),
};

function withPadding(signature: number[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(signature);
  return bytes;
}

type FormValue = string | { bytes: Uint8Array; filename: string; type?: string };

/** A multipart body built by the platform's own FormData encoder. */
async function multipart(fields: [string, FormValue][]) {
  const form = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? '' }),
        value.filename,
      );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

const allThree = (): [string, FormValue][] => [
  ['id_front', { bytes: image.jpeg(), filename: 'front.jpg', type: 'image/jpeg' }],
  ['id_back', { bytes: image.png(), filename: 'back.png', type: 'image/png' }],
  ['selfie', { bytes: image.webp(), filename: 'selfie.webp', type: 'image/webp' }],
];

let passwordHash = '';
beforeAll(async () => {
  passwordHash = await hashPassword('Secret123');
});

async function createUser(ctx: TestContext, personalNumber = '01001011234'): Promise<string> {
  const [user] = await ctx.app.db.query<{ id: number }>(
    `INSERT INTO users (personal_number, first_name, last_name, birth_date, phone_number, email,
       password_hash, registration_terms_id)
     VALUES ($1, 'ნინო', 'ბერიძე', '1990-05-12', '555123456', 'nino@example.com', $2, 1) RETURNING id`,
    [personalNumber, passwordHash],
  );
  if (!user) throw new Error('no user');
  return (await ctx.app.tokens.pair(user.id)).access;
}

async function upload(ctx: TestContext, token: string | undefined, fields: [string, FormValue][]) {
  return ctx.call({ method: 'POST', url: URL, token, ...(await multipart(fields)) });
}

describe('the magic-bytes check', () => {
  it('knows JPEG, PNG and WebP by their signatures and nothing else', () => {
    expect(detectImageType(image.jpeg())).toBe('image/jpeg');
    expect(detectImageType(image.png())).toBe('image/png');
    expect(detectImageType(image.webp())).toBe('image/webp');
    expect(detectImageType(Buffer.from('GIF89a......'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe('personal verification photos', () => {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'photos-test-'));
  const ctx = build({ uploadDir });
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));
  beforeEach(() => {
    for (const file of readdirSync(uploadDir)) rmSync(path.join(uploadDir, file), { force: true });
  });

  it('lists no photos for a user who has uploaded none', async () => {
    const token = await createUser(ctx());
    const response = await ctx().call({ url: URL, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('stores a JPEG, a PNG and a WebP and answers 201 with the current photos', async () => {
    const token = await createUser(ctx());

    const response = await upload(ctx(), token, allThree());

    expect(response.statusCode).toBe(201);
    const uploadedAt = new Date(TEST_START).toISOString();
    expect(response.json()).toEqual([
      { id: expect.any(Number), kind: 'id_front', status: 'approved', uploaded_at: uploadedAt },
      { id: expect.any(Number), kind: 'id_back', status: 'approved', uploaded_at: uploadedAt },
      { id: expect.any(Number), kind: 'selfie', status: 'approved', uploaded_at: uploadedAt },
    ]);
    const listed = await ctx().call({ url: URL, token });
    expect(listed.json()).toEqual(response.json());
  });

  it('keeps the detected type and the bytes, under random names, with no temporary files left', async () => {
    const token = await createUser(ctx());
    const front = image.jpeg(300);

    // The declared type and name lie; the bytes decide.
    await upload(ctx(), token, [
      ['id_front', { bytes: front, filename: 'front.png', type: 'image/png' }],
    ]);

    const rows = await ctx().app.db.query<{
      content_type: string;
      file_name: string;
      status: string;
    }>('SELECT content_type, file_name, status FROM photos');
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.content_type).toBe('image/jpeg');
    expect(row?.status).toBe('pending');
    expect(row?.file_name).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(readdirSync(uploadDir)).toEqual([row?.file_name]);
    expect(
      readFileSync(path.join(uploadDir, row?.file_name ?? '')).equals(Buffer.from(front)),
    ).toBe(true);
  });

  it('accepts any one kind alone, and a new upload replaces only that kind', async () => {
    const token = await createUser(ctx());
    const first = (await upload(ctx(), token, allThree())).json();

    const response = await upload(ctx(), token, [
      ['selfie', { bytes: image.png(), filename: 's.png' }],
    ]);

    expect(response.statusCode).toBe(201);
    const photos = response.json();
    expect(photos.map((p: { kind: string }) => p.kind)).toEqual(['id_front', 'id_back', 'selfie']);
    expect(photos[0].id).toBe(first[0].id);
    expect(photos[1].id).toBe(first[1].id);
    expect(photos[2].id).not.toBe(first[2].id);
  });

  it('shows only the caller’s own photos', async () => {
    const mine = await createUser(ctx(), '01001011234');
    const theirs = await createUser(ctx(), '01001019999');
    await upload(ctx(), theirs, allThree());

    const response = await ctx().call({ url: URL, token: mine });

    expect(response.json()).toEqual([]);
  });

  it('refuses a text file named .jpg, by its bytes', async () => {
    const token = await createUser(ctx());
    const text = new TextEncoder().encode('this is not a photo, whatever the name says');

    const response = await upload(ctx(), token, [
      ['id_front', { bytes: text, filename: 'front.jpg', type: 'image/jpeg' }],
    ]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      id_front: ['ფაილი უნდა იყოს JPEG, PNG ან WebP ფორმატის სურათი.'],
    });
  });

  it('stores nothing when any one file is refused, and names every bad field', async () => {
    const token = await createUser(ctx());

    const response = await upload(ctx(), token, [
      ['id_front', { bytes: image.jpeg(), filename: 'front.jpg' }],
      ['id_back', { bytes: Buffer.from('GIF89a.........'), filename: 'back.gif' }],
      ['selfie', { bytes: new Uint8Array(), filename: 'selfie.jpg' }],
    ]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      id_back: ['ფაილი უნდა იყოს JPEG, PNG ან WebP ფორმატის სურათი.'],
      selfie: ['ატვირთული ფაილი ცარიელია.'],
    });
    expect(await ctx().app.db.query('SELECT id FROM photos')).toEqual([]);
    expect(readdirSync(uploadDir)).toEqual([]);
  });

  it('refuses unknown fields, text where a file belongs, and a kind sent twice', async () => {
    const token = await createUser(ctx());

    const response = await upload(ctx(), token, [
      ['id_front', { bytes: image.jpeg(), filename: 'a.jpg' }],
      ['id_front', { bytes: image.jpeg(), filename: 'b.jpg' }],
      ['passport', { bytes: image.jpeg(), filename: 'p.jpg' }],
      ['id_back', 'not a file'],
      ['comment', 'hello'],
    ]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      id_front: ['ამ ველში მხოლოდ ერთი ფაილი შეიძლება აიტვირთოს.'],
      passport: ['უცნობი ველი.'],
      id_back: ['ამ ველში ფაილი უნდა აიტვირთოს.'],
      comment: ['უცნობი ველი.'],
    });
  });

  it('refuses a form with no photo in it', async () => {
    const token = await createUser(ctx());
    const response = await upload(ctx(), token, []);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: ['ატვირთეთ ერთი ფოტო მაინც: id_front, id_back ან selfie.'],
    });
  });

  it('refuses more files than a valid upload can have', async () => {
    const token = await createUser(ctx());
    const response = await upload(ctx(), token, [
      ...allThree(),
      ['selfie', { bytes: image.jpeg(), filename: 'again.jpg' }],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['მოთხოვნაში ძალიან ბევრი ველია.'] });
    expect(await ctx().app.db.query('SELECT id FROM photos')).toEqual([]);
  });

  it('accepts a file of exactly 5 MiB', async () => {
    const token = await createUser(ctx());
    const response = await upload(ctx(), token, [
      ['id_front', { bytes: image.jpeg(MAX_UPLOAD_BYTES), filename: 'big.jpg' }],
    ]);
    expect(response.statusCode).toBe(201);
  });

  it('answers 413 file_too_large for 5 MiB and one byte, storing nothing', async () => {
    const token = await createUser(ctx());

    const response = await upload(ctx(), token, [
      ['id_front', { bytes: image.jpeg(), filename: 'small.jpg' }],
      ['id_back', { bytes: image.jpeg(MAX_UPLOAD_BYTES + 1), filename: 'big.jpg' }],
    ]);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: expect.any(String), code: 'file_too_large' });
    expect(await ctx().app.db.query('SELECT id FROM photos')).toEqual([]);
    expect(readdirSync(uploadDir)).toEqual([]);
  });

  it('answers 415 to a request that is not multipart', async () => {
    const token = await createUser(ctx());
    const response = await ctx().call({
      method: 'POST',
      url: URL,
      token,
      payload: { id_front: 'x' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: expect.any(String), code: 'unsupported_media_type' });
  });

  it.each([
    ['no boundary', 'multipart/form-data', ''],
    [
      'a truncated body',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="id_front"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
    ],
  ])('answers 400 parse_error to a form with %s', async (_case, contentType, payload) => {
    const token = await createUser(ctx());
    const response = await ctx().call({
      method: 'POST',
      url: URL,
      token,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'multipart მოთხოვნა დაზიანებულია.',
      code: 'parse_error',
    });
    expect(await ctx().app.db.query('SELECT id FROM photos')).toEqual([]);
  });

  it('leaves no file behind when the database fails', async () => {
    const token = await createUser(ctx());
    const spy = vi
      .spyOn(ctx().app.db, 'transaction')
      .mockRejectedValueOnce(new Error('database down'));
    try {
      const response = await upload(ctx(), token, allThree());
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'სერვერის შეცდომა.', code: 'error' });
    } finally {
      spy.mockRestore();
    }
    expect(readdirSync(uploadDir)).toEqual([]);
  });

  it('requires a login for both listing and uploading', async () => {
    const list = await ctx().call({ url: URL });
    const post = await upload(ctx(), undefined, allThree());
    for (const response of [list, post]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'not_authenticated' });
    }
    expect(readdirSync(uploadDir)).toEqual([]);
  });
});

describe('the decision on uploaded photos', () => {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'photos-test-'));
  const ctx = build({ uploadDir, decisionDelaySeconds: 60 });
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  it('reads pending until the decision delay has passed, then approved', async () => {
    const token = await createUser(ctx());

    const uploaded = await upload(ctx(), token, allThree());
    expect(uploaded.json().map((p: { status: string }) => p.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);

    ctx().clock.advance(59);
    const before = await ctx().call({ url: URL, token });
    expect(before.json().map((p: { status: string }) => p.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);

    ctx().clock.advance(1);
    const after = await ctx().call({ url: URL, token });
    expect(after.json().map((p: { status: string }) => p.status)).toEqual([
      'approved',
      'approved',
      'approved',
    ]);
  });
});
