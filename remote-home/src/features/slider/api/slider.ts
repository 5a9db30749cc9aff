import { queryOptions } from '@tanstack/react-query';
import { requestJson } from 'shared/api/api-client';
import { followableLink, providerImagePath } from 'shared/lib/site-urls';
import * as z from 'shared/validation/zod';

export const slideSchema = z.object({
  id: z.int(),
  title: z.string(),
  description: z.string(),
  image: z.string().check(z.minLength(1)),
  link: z.nullable(z.string()),
  order: z.int(),
});
export type Slide = z.infer<typeof slideSchema>;

export const slidesSchema = z.array(slideSchema);

/**
 * GET /api/cms/slider/: the home slider, in the CMS's order. What the CMS says is checked as
 * what it is, someone else's input: links keep only what a customer may safely follow, and a
 * slide whose image is not the provider's is left out (shared/lib/site-urls decides both).
 */
export async function fetchSlides(signal?: AbortSignal): Promise<Slide[]> {
  const slides = await requestJson(slidesSchema, {
    method: 'GET',
    url: '/api/cms/slider/',
    signal,
  });
  return slides
    .flatMap((slide) => {
      const image = providerImagePath(slide.image);
      if (image !== null) {
        return [{ ...slide, image, link: slide.link === null ? null : followableLink(slide.link) }];
      }
      console.warn(`slide ${slide.id}: its image is not on the provider, so it is not shown`);
      return [];
    })
    .sort((a, b) => a.order - b.order);
}

export const slidesQuery = queryOptions({
  queryKey: ['cms', 'slider'] as const,
  queryFn: ({ signal }) => fetchSlides(signal),
});
