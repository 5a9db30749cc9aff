import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { kaHome } from '../../../ka-home';
import { type Slide, slidesQuery } from '../api/slider';
import styles from './home-slider.module.css';

/** The slides, asked for by the host's server before it renders the page (decision 020). */
export async function prefetchOnServer(client: QueryClient): Promise<void> {
  await client.prefetchQuery(slidesQuery);
}

/** Spec §9: the home slider turns every 2000 ms with a 500 ms transition. */
export const SLIDER_AUTOPLAY_MS = 2000;
export const SLIDER_SPEED_MS = 500;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

function SlideCard({ slide }: { slide: Slide }) {
  return (
    <div className={styles.slide}>
      {/* A path of this site the host hands to the provider: fetchSlides keeps no other. */}
      <img className={styles.image} src={slide.image} alt="" loading="lazy" />
      <div className={styles.caption}>
        <h2 className={styles.title}>{slide.title}</h2>
        <p className={styles.description}>{slide.description}</p>
        {slide.link ? (
          <a className={styles.more} href={slide.link}>
            {kaHome.sliderMore}
            <span className="visually-hidden">: {slide.title}</span>
          </a>
        ) : null}
      </div>
    </div>
  );
}

/** The home page's promo slider, filled from GET /api/cms/slider/. */
export default function HomeSlider() {
  const slides = useQuery(slidesQuery);
  const showPending = useDelayedFlag(slides.isPending);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [playing, setPlaying] = useState(true);
  // Read in an effect: the server's page and its hydration cannot know the preference.
  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
  }, []);

  const togglePlaying = () => {
    if (!swiper) return;
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!playing);
  };

  return (
    <section
      className={styles.section}
      aria-label={ka.home.sliderLabel}
      aria-busy={slides.isPending}
    >
      {slides.isPending && showPending ? <Skeleton height="16rem" /> : null}
      {slides.status === 'error' ? (
        <LoadError message={kaHome.sliderError} onRetry={() => void slides.refetch()} />
      ) : null}
      {slides.status === 'success' && slides.data.length === 0 ? (
        <p className={styles.empty}>{kaHome.sliderEmpty}</p>
      ) : null}
      {slides.status === 'success' && slides.data.length > 0 ? (
        <>
          <Swiper
            modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
            onSwiper={(instance) => {
              setSwiper(instance);
              // Before its first turn: the preference is the browser's to tell.
              if (prefersReducedMotion()) instance.autoplay.stop();
            }}
            slidesPerView={1}
            // rewind, not loop: loop needs more slides than a CMS may have and warns without them.
            rewind
            speed={SLIDER_SPEED_MS}
            // Always an object: `false` would replace Swiper's autoplay params, and the play
            // button's autoplay.start() would then run without a delay (an instant turn).
            autoplay={{
              enabled: playing,
              delay: SLIDER_AUTOPLAY_MS,
              disableOnInteraction: false,
              pauseOnMouseEnter: true,
            }}
            keyboard={{ enabled: true, onlyInViewport: true }}
            navigation
            pagination={{ clickable: true }}
            a11y={{
              // Swiper's own screen-reader words are English: every one of them is set here.
              prevSlideMessage: kaHome.previousSlide,
              nextSlideMessage: kaHome.nextSlide,
              firstSlideMessage: kaHome.firstSlide,
              lastSlideMessage: kaHome.lastSlide,
              slideLabelMessage: '{{index}} / {{slidesLength}}',
              containerRoleDescriptionMessage: kaHome.sliderRole,
              itemRoleDescriptionMessage: kaHome.slideRole,
              paginationBulletMessage: `${kaHome.goToSlide} {{index}}`,
            }}
          >
            {slides.data.map((slide) => (
              <SwiperSlide key={slide.id}>
                <SlideCard slide={slide} />
              </SwiperSlide>
            ))}
          </Swiper>
          {slides.data.length > 1 ? (
            <div className={styles.controls}>
              <Button variant="ghost" onClick={togglePlaying}>
                {playing ? kaHome.pauseSlider : kaHome.playSlider}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
