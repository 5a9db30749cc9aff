import { HttpResponse, http } from 'msw';
import { slides } from 'shared/testing/fixtures';
import { mswServer } from 'shared/testing/msw-server';
import { fetchSlides } from './slider';

describe('fetchSlides', () => {
  it('returns the slides sorted by their CMS order', async () => {
    const result = await fetchSlides();
    expect(result.map((slide) => slide.order)).toEqual([1, 2]);
    expect(result).toEqual([slides[1], slides[0]]);
  });

  it('returns an empty list when the CMS has no slides', async () => {
    mswServer.use(http.get('*/api/cms/slider/', () => HttpResponse.json([])));
    await expect(fetchSlides()).resolves.toEqual([]);
  });

  it('rejects a slide without an image as breaking the contract', async () => {
    mswServer.use(
      http.get('*/api/cms/slider/', () => HttpResponse.json([{ ...slides[0], image: '' }])),
    );
    await expect(fetchSlides()).rejects.toMatchObject({ kind: 'invalid-answer', status: 500 });
  });
});
