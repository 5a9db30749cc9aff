import { HttpResponse, http } from 'msw';
import { mswServer } from 'shared/testing/msw-server';
import {
  fetchVerificationPhotos,
  type Photo,
  uploadVerificationPhotos,
} from './verification-photos';

const PHOTOS_PATH = '/api/user/user/personal_verification_photos/';

const pendingFront: Photo = {
  id: 5,
  kind: 'id_front',
  status: 'pending',
  uploaded_at: '2026-11-22T10:00:00+04:00',
};

const jpeg = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' });

describe('fetchVerificationPhotos', () => {
  it('gets the photos sent so far', async () => {
    const seen: { method: string; path: string }[] = [];
    mswServer.use(
      http.get(`*${PHOTOS_PATH}`, ({ request }) => {
        seen.push({ method: request.method, path: new URL(request.url).pathname });
        return HttpResponse.json([pendingFront]);
      }),
    );
    await expect(fetchVerificationPhotos()).resolves.toEqual([pendingFront]);
    expect(seen).toEqual([{ method: 'GET', path: PHOTOS_PATH }]);
  });

  it('lists the photos front, back, selfie whatever order the provider sends them in', async () => {
    const back: Photo = { ...pendingFront, id: 6, kind: 'id_back' };
    const selfie: Photo = { ...pendingFront, id: 4, kind: 'selfie' };
    mswServer.use(
      http.get(`*${PHOTOS_PATH}`, () => HttpResponse.json([selfie, pendingFront, back])),
    );
    await expect(fetchVerificationPhotos()).resolves.toEqual([pendingFront, back, selfie]);
  });

  it('returns an empty list when nothing was sent', async () => {
    await expect(fetchVerificationPhotos()).resolves.toEqual([]);
  });

  it.each([
    ['an unknown kind', [{ ...pendingFront, kind: 'passport' }]],
    ['the status none, which a sent photo cannot have', [{ ...pendingFront, status: 'none' }]],
    ['no upload time', [{ id: 5, kind: 'id_front', status: 'pending' }]],
    ['an object instead of a list', pendingFront],
  ])('rejects an answer with %s as breaking the contract', async (_case, answer) => {
    mswServer.use(http.get(`*${PHOTOS_PATH}`, () => HttpResponse.json(answer)));
    await expect(fetchVerificationPhotos()).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});

describe('uploadVerificationPhotos', () => {
  it('sends only the kinds given, as file parts of a multipart form', async () => {
    const seen: { method: string; path: string; contentType: string | null }[] = [];
    const parts: [string, FormDataEntryValue][] = [];
    mswServer.use(
      http.post(`*${PHOTOS_PATH}`, async ({ request }) => {
        seen.push({
          method: request.method,
          path: new URL(request.url).pathname,
          contentType: request.headers.get('Content-Type'),
        });
        parts.push(...(await request.formData()).entries());
        return HttpResponse.json([pendingFront], { status: 201 });
      }),
    );
    await uploadVerificationPhotos({
      id_front: jpeg('front.jpg'),
      selfie: new File(['png bytes'], 'selfie.png', { type: 'image/png' }),
    });
    expect(seen).toEqual([
      {
        method: 'POST',
        path: PHOTOS_PATH,
        contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
      },
    ]);
    expect(parts.map(([kind]) => kind)).toEqual(['id_front', 'selfie']);
    // File parts, not text fields. (jsdom's Blob reaches msw without its bytes or file name,
    // so only the part's kind and media type can be checked here.)
    for (const [, value] of parts) expect(typeof value).not.toBe('string');
    expect(parts.map(([, value]) => (value as Blob).type)).toEqual(['image/jpeg', 'image/png']);
  });

  it('returns the provider’s record of each photo sent', async () => {
    await expect(
      uploadVerificationPhotos({ id_back: jpeg('back.jpg'), selfie: jpeg('selfie.jpg') }),
    ).resolves.toEqual([
      { id: 1, kind: 'id_back', status: 'pending', uploaded_at: '2026-11-22T10:00:00+04:00' },
      { id: 2, kind: 'selfie', status: 'pending', uploaded_at: '2026-11-22T10:00:00+04:00' },
    ]);
  });

  it('returns the photos sent front, back, selfie whatever order the provider answers in', async () => {
    const selfie: Photo = { ...pendingFront, id: 8, kind: 'selfie' };
    mswServer.use(
      http.post(`*${PHOTOS_PATH}`, () =>
        HttpResponse.json([selfie, pendingFront], { status: 201 }),
      ),
    );
    await expect(
      uploadVerificationPhotos({ id_front: jpeg('front.jpg'), selfie: jpeg('selfie.jpg') }),
    ).resolves.toEqual([pendingFront, selfie]);
  });

  it('reports the share sent as a fraction above 0 and at most 1', async () => {
    const shares: number[] = [];
    await uploadVerificationPhotos({ id_front: jpeg('front.jpg') }, (share) => shares.push(share));
    expect(shares.length).toBeGreaterThan(0);
    for (const share of shares) {
      expect(share).toBeGreaterThan(0);
      expect(share).toBeLessThanOrEqual(1);
    }
    expect(shares.at(-1)).toBe(1);
  });

  it('rejects a photo over the limit with 413 file_too_large', async () => {
    mswServer.use(
      http.post(`*${PHOTOS_PATH}`, () =>
        HttpResponse.json(
          { detail: 'ფაილი 5 მბ-ზე დიდია.', code: 'file_too_large' },
          { status: 413 },
        ),
      ),
    );
    await expect(uploadVerificationPhotos({ selfie: jpeg('selfie.jpg') })).rejects.toMatchObject({
      kind: 'http',
      status: 413,
      code: 'file_too_large',
      message: 'ფაილი 5 მბ-ზე დიდია.',
    });
  });

  it('keeps the provider’s field messages by kind', async () => {
    mswServer.use(
      http.post(`*${PHOTOS_PATH}`, () =>
        HttpResponse.json({ id_back: ['ფაილის ფორმატი არ არის მხარდაჭერილი.'] }, { status: 400 }),
      ),
    );
    await expect(uploadVerificationPhotos({ id_back: jpeg('back.jpg') })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { id_back: ['ფაილის ფორმატი არ არის მხარდაჭერილი.'] },
    });
  });

  it('rejects an answer that is not a list of photos as breaking the contract', async () => {
    mswServer.use(
      http.post(`*${PHOTOS_PATH}`, () =>
        HttpResponse.json([{ ...pendingFront, id: 'five' }], { status: 201 }),
      ),
    );
    await expect(uploadVerificationPhotos({ id_front: jpeg('front.jpg') })).rejects.toMatchObject({
      kind: 'invalid-answer',
    });
  });
});
