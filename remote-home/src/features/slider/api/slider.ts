import { queryOptions } from '@tanstack/react-query';
import { requestJson } from 'shared/api/request-json';
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

/** The answer's shape: a list. Each item is judged on its own (`fetchSlides`). */
const slideListSchema = z.array(z.unknown());

/** A slide as the page shows it, or why it is left out. */
type Judged = { slide: Slide } | { leftOut: string };

function judge(item: unknown): Judged {
  const parsed = slideSchema.safeParse(item);
  if (!parsed.success) return { leftOut: 'it does not have the contract’s fields' };
  const image = providerImagePath(parsed.data.image);
  if (image === null) return { leftOut: 'its image is not on the provider' };
  const { link } = parsed.data;
  return { slide: { ...parsed.data, image, link: link === null ? null : followableLink(link) } };
}

/**
 * GET /api/cms/slider/: the home slider, in the CMS's order. What the CMS says is checked as
 * what it is, someone else's input, one slide at a time: a slide that breaks the contract or
 * whose image is not the provider's is left out and the rest are shown (shared/lib/site-urls
 * judges images and links; which addresses are the provider's is configuration).
 */
export async function fetchSlides(signal?: AbortSignal): Promise<Slide[]> {
  const items = await requestJson(slideListSchema, {
    method: 'GET',
    url: '/api/cms/slider/',
    signal,
  });
  return items
    .flatMap((item, index) => {
      const judged = judge(item);
      if ('slide' in judged) return [judged.slide];
      console.warn(`slide ${index + 1} of ${items.length}: ${judged.leftOut}, so it is not shown`);
      return [];
    })
    .sort((a, b) => a.order - b.order);
}

export const slidesQuery = queryOptions({
  queryKey: ['cms', 'slider'] as const,
  queryFn: ({ signal }) => fetchSlides(signal),
});
