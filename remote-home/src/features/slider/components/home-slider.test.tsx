import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { DEFAULT_PROVIDER_SITE, setProviderSite } from 'shared/lib/site-urls';
import { ka } from 'shared/strings/ka';
import { otherProviderSite, otherProviderSlides, slides } from 'shared/testing/fixtures';
import { otherProviderCmsHandlers } from 'shared/testing/handlers/cms';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import type { Swiper as SwiperInstance } from 'swiper';
import { kaHome } from '../../../ka-home';
import HomeSlider, { SLIDER_AUTOPLAY_MS, SLIDER_SPEED_MS } from './home-slider';

const [fastSlide, firstLoanSlide] = slides as [(typeof slides)[0], (typeof slides)[0]];

/**
 * A slide as Swiper's a11y module labels it ("1 / 2"). With `loop` on Swiper may move or
 * copy slides in the DOM, so the label, not the DOM position, tells which slide it is.
 */
async function findSlide(position: number, total: number): Promise<HTMLElement> {
  const matches = await screen.findAllByRole('group', { name: `${position} / ${total}` });
  return matches[0] as HTMLElement;
}

/** The pagination bullet of a slide; aria-current marks the slide on show. */
function bullet(position: number): HTMLElement {
  return screen.getByRole('button', { name: `${kaHome.goToSlide} ${position}` });
}

async function passTime(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

// jsdom lays nothing out, and Swiper skips a slider of width 0: give it a browser's size.
const layout: { mockRestore: () => void }[] = [];
beforeEach(() => {
  layout.push(
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800),
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300),
  );
});

afterEach(() => {
  setProviderSite(DEFAULT_PROVIDER_SITE);
  for (const spy of layout.splice(0)) spy.mockRestore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the home slider', () => {
  it('hands Swiper the spec rhythm: a turn every 2000 ms with a 500 ms transition', async () => {
    const { container } = render(<HomeSlider />);
    await findSlide(1, 2);

    // Swiper keeps its instance on its root element: these are the options it runs with.
    const root = container.querySelector<HTMLElement & { swiper?: SwiperInstance }>('.swiper');
    const params = root?.swiper?.params;
    expect(params?.speed).toBe(500);
    expect(params?.autoplay).toMatchObject({ enabled: true, delay: 2000 });
  });

  it('speaks Georgian to screen readers: no English label from Swiper', async () => {
    const { container } = render(<HomeSlider />);
    await findSlide(1, 2);

    const spoken = [...container.querySelectorAll('[aria-label], [aria-roledescription]')].flatMap(
      (element) => [
        element.getAttribute('aria-label') ?? '',
        element.getAttribute('aria-roledescription') ?? '',
      ],
    );
    expect(spoken.length).toBeGreaterThan(4);
    expect(spoken.filter((text) => /[A-Za-z]/.test(text))).toEqual([]);
    expect(screen.getByRole('button', { name: kaHome.nextSlide })).toBeInTheDocument();
  });

  it('shows the slides in the CMS order with their titles and descriptions', async () => {
    render(<HomeSlider />);

    const first = await findSlide(1, 2);
    expect(within(first).getByRole('heading', { name: firstLoanSlide.title })).toBeInTheDocument();
    expect(within(first).getByText(firstLoanSlide.description)).toBeInTheDocument();

    const second = await findSlide(2, 2);
    expect(within(second).getByRole('heading', { name: fastSlide.title })).toBeInTheDocument();
    expect(within(second).getByText(fastSlide.description)).toBeInTheDocument();
  });

  it('offers the "more" link only on a slide that has a link', async () => {
    render(<HomeSlider />);

    const withLink = await findSlide(2, 2);
    expect(
      within(withLink).getByRole('link', { name: `${kaHome.sliderMore}: ${fastSlide.title}` }),
    ).toHaveAttribute('href', fastSlide.link);

    const withoutLink = await findSlide(1, 2);
    expect(within(withoutLink).queryByRole('link')).not.toBeInTheDocument();
    expect(within(withoutLink).queryByText(kaHome.sliderMore)).not.toBeInTheDocument();
  });

  it('shows every slide of a provider whose images are under its API or on its origin', async () => {
    setProviderSite(otherProviderSite);
    mswServer.use(...otherProviderCmsHandlers);
    const { container } = render(<HomeSlider />);

    for (const [position, slide] of otherProviderSlides
      .toSorted((a, b) => a.order - b.order)
      .entries()) {
      const shown = await findSlide(position + 1, 3);
      expect(within(shown).getByRole('heading', { name: slide.title })).toBeInTheDocument();
    }
    const images = [...container.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(new Set(images)).toEqual(
      new Set([
        '/api/cms/media/slide-1.svg',
        '/api/cms/media/slide-2.svg?v=4',
        '/api/cms/media/slide-3.svg',
      ]),
    );
    expect(screen.queryByText(kaHome.sliderEmpty)).not.toBeInTheDocument();
  });

  it('says there are no promotions when the CMS has no slides', async () => {
    mswServer.use(http.get('*/api/cms/slider/', () => HttpResponse.json([])));
    render(<HomeSlider />);

    expect(await screen.findByText(kaHome.sliderEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: kaHome.pauseSlider })).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the slides again', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.get('*/api/cms/slider/', () => new HttpResponse(null, { status: 500 }), {
        once: true,
      }),
    );
    render(<HomeSlider />);

    expect(await screen.findByRole('alert')).toHaveTextContent(kaHome.sliderError);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ka.common.retry }));

    const first = await findSlide(1, 2);
    expect(within(first).getByRole('heading', { name: firstLoanSlide.title })).toBeInTheDocument();
    expect(screen.queryByText(kaHome.sliderError)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ka.common.retry })).not.toBeInTheDocument();
  });

  it('turns to the next slide by itself after the autoplay delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<HomeSlider />);
    await findSlide(1, 2);
    expect(bullet(1)).toHaveAttribute('aria-current', 'true');

    await passTime(SLIDER_AUTOPLAY_MS - 200);
    expect(bullet(1)).toHaveAttribute('aria-current', 'true');

    await passTime(400);
    expect(bullet(2)).toHaveAttribute('aria-current', 'true');
    expect(bullet(1)).not.toHaveAttribute('aria-current');
  });

  it('the pause button stops the slides turning and becomes a play button that starts them again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<HomeSlider />);
    await findSlide(1, 2);

    await user.click(screen.getByRole('button', { name: kaHome.pauseSlider }));

    const play = screen.getByRole('button', { name: kaHome.playSlider });
    await passTime(3 * (SLIDER_AUTOPLAY_MS + SLIDER_SPEED_MS));
    expect(bullet(1)).toHaveAttribute('aria-current', 'true');

    await user.click(play);

    expect(screen.getByRole('button', { name: kaHome.pauseSlider })).toBeInTheDocument();
    // Playing again keeps the rhythm: the next turn comes after the delay, not at once.
    await passTime(SLIDER_AUTOPLAY_MS - 200);
    expect(bullet(1)).toHaveAttribute('aria-current', 'true');
    await passTime(400);
    expect(bullet(2)).toHaveAttribute('aria-current', 'true');
  });

  it('starts paused for a visitor who prefers reduced motion', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
        onchange: null,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        addListener: vi.fn(),
        removeListener: vi.fn(),
        dispatchEvent: vi.fn(),
      })),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<HomeSlider />);
    await findSlide(1, 2);

    expect(screen.getByRole('button', { name: kaHome.playSlider })).toBeInTheDocument();
    await passTime(3 * (SLIDER_AUTOPLAY_MS + SLIDER_SPEED_MS));
    expect(bullet(1)).toHaveAttribute('aria-current', 'true');
  });

  it('shows a single slide without the pause button', async () => {
    mswServer.use(http.get('*/api/cms/slider/', () => HttpResponse.json([firstLoanSlide])));
    render(<HomeSlider />);

    expect(
      (await screen.findAllByRole('heading', { name: firstLoanSlide.title }))[0],
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: kaHome.pauseSlider })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: kaHome.playSlider })).not.toBeInTheDocument();
  });
});
