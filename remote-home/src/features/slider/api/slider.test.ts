import { HttpResponse, http } from 'msw';
import { DEFAULT_PROVIDER_SITE, setProviderSite } from 'shared/lib/site-urls';
import { otherProviderSite, slides } from 'shared/testing/fixtures';
import { otherProviderCmsHandlers } from 'shared/testing/handlers/cms';
import { mswServer } from 'shared/testing/msw-server';
import { fetchSlides } from './slider';

afterEach(() => setProviderSite(DEFAULT_PROVIDER_SITE));

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

  it('leaves out only the slides that break the contract, and shows the rest', async () => {
    const [first, second] = slides;
    if (!first || !second) throw new Error('no slide fixtures');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mswServer.use(
      http.get('*/api/cms/slider/', () =>
        HttpResponse.json([{ ...first, image: '' }, { ...first, id: 'three' }, null, second]),
      ),
    );
    expect((await fetchSlides()).map((slide) => slide.id)).toEqual([second.id]);
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('rejects an answer that is not a list as breaking the contract', async () => {
    mswServer.use(http.get('*/api/cms/slider/', () => HttpResponse.json({ results: slides })));
    await expect(fetchSlides()).rejects.toMatchObject({ kind: 'invalid-answer', status: 500 });
  });

  it('shows every slide of a provider whose images are under its API or on its origin', async () => {
    setProviderSite(otherProviderSite);
    mswServer.use(...otherProviderCmsHandlers);
    const shown = await fetchSlides();
    expect(shown.map((slide) => slide.id)).toEqual([7, 1_000_001, 90210]);
    expect(shown.map((slide) => slide.image)).toEqual([
      '/api/cms/media/slide-1.svg',
      '/api/cms/media/slide-2.svg?v=4',
      '/api/cms/media/slide-3.svg',
    ]);
    // Its "no link" is an empty string, as Django writes a blank URL.
    expect(shown.map((slide) => slide.link)).toEqual(['/static', 'https://nbg.gov.ge/', null]);
  });

  it('keeps links to this site, web, mail and phone addresses, and drops every other kind', async () => {
    const [first] = slides;
    if (!first) throw new Error('no slide fixture');
    const links = [
      '/static',
      'https://example.ge/offer',
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/phish',
      '/\\evil.example/phish',
      'mailto:x@example.ge',
      'not a link',
    ];
    mswServer.use(
      http.get('*/api/cms/slider/', () =>
        HttpResponse.json(
          links.map((link, index) => ({ ...first, id: index, order: index, link })),
        ),
      ),
    );
    expect((await fetchSlides()).map((slide) => slide.link)).toEqual([
      '/static',
      'https://example.ge/offer',
      null,
      null,
      null,
      null,
      null,
      'mailto:x@example.ge',
      null,
    ]);
  });

  it('leaves out a slide whose image is not on the provider', async () => {
    const [first, second] = slides;
    if (!first || !second) throw new Error('no slide fixtures');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mswServer.use(
      http.get('*/api/cms/slider/', () =>
        HttpResponse.json([
          { ...first, image: 'https://tracker.example/pixel.png' },
          { ...second, image: '//cdn.example/banner.svg' },
          { ...second, id: 98, image: '/\\evil.example/pixel.png' },
          { ...second, id: 97, image: '/\t/evil.example/x.png' },
          { ...first, id: 99, image: '/media/slider/coins.svg' },
        ]),
      ),
    );
    expect((await fetchSlides()).map((slide) => slide.id)).toEqual([99]);
    expect(warn).toHaveBeenCalledTimes(4);
    warn.mockRestore();
  });
});
