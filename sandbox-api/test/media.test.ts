import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SLIDER_MEDIA_DIR } from '../src/routes/cms/media-routes';
import { build } from './build';

describe('the slider media', () => {
  const ctx = build();

  const images = readdirSync(SLIDER_MEDIA_DIR).filter((file) => file.endsWith('.svg'));

  it('ships three or four slide images', () => {
    expect(images.length).toBeGreaterThanOrEqual(3);
    expect(images.length).toBeLessThanOrEqual(4);
  });

  it.each(images)(
    'serves %s as a cacheable SVG that cannot be sniffed as anything else',
    async (name) => {
      const response = await ctx().call({ url: `/media/slider/${name}` });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload.equals(readFileSync(path.join(SLIDER_MEDIA_DIR, name)))).toBe(
        true,
      );
    },
  );

  it.each(images)('%s is a 1200×400 image with no text and no script in it', (name) => {
    const svg = readFileSync(path.join(SLIDER_MEDIA_DIR, name), 'utf8');
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="400" viewBox="0 0 1200 400" aria-hidden="true">/,
    );
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    // The client renders the slide's text over the image; the image itself carries none.
    expect(svg).not.toMatch(/<(text|script|foreignObject|image)\b|href=|\son[a-z]+=/i);
  });

  it('answers HEAD without a body', async () => {
    const response = await ctx().call({ method: 'HEAD', url: `/media/slider/${images[0]}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toBe('');
  });

  it('answers an unknown image with the contract 404', async () => {
    const response = await ctx().call({ url: '/media/slider/missing.svg' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'ვერ მოიძებნა.', code: 'not_found' });
  });

  it.each([
    '/media/slider/..%2F..%2Fpackage.json',
    '/media/slider/..%2F..%2Fsrc%2Fconfig.ts',
    '/media/slider/%2e%2e%2f%2e%2e%2fpackage.json',
    '/media/slider/..%5C..%5Cpackage.json',
    '/media/slider/../../package.json',
    '/media/slider/%2Fetc%2Fpasswd',
    '/media/slider/coins.svg%00.png',
    '/media/slider/COINS.SVG',
    '/media/slider/.coins.svg',
    '/media/slider/coins.svg.bak',
    '/media/slider/',
  ])('refuses %s with a 404', async (url) => {
    const response = await ctx().call({ url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'ვერ მოიძებნა.', code: 'not_found' });
  });
});
