import { queryOptions } from '@tanstack/react-query';
import { requestJson } from 'shared/api/api-client';
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

/** A path on this site: one leading slash (two would name another host). */
const SITE_PATH = /^\/(?!\/)/;

/**
 * A CMS link a customer may follow: a page of this site or an http(s) address. Anything else
 * (`javascript:`, `data:`, `//other.host`, a typo) is dropped: the slide shows no link.
 */
export function safeLink(link: string | null): string | null {
  if (link === null) return null;
  const trimmed = link.trim();
  if (SITE_PATH.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A slide image the provider serves: a path on it (`/media/…`), never another origin's. */
export function isProviderImage(image: string): boolean {
  return SITE_PATH.test(image);
}

/**
 * GET /api/cms/slider/: the home slider, in the CMS's order. What the CMS says is checked as
 * what it is, someone else's input: links keep only what a customer may safely follow, and a
 * slide whose image is not the provider's is left out.
 */
export async function fetchSlides(signal?: AbortSignal): Promise<Slide[]> {
  const slides = await requestJson(slidesSchema, {
    method: 'GET',
    url: '/api/cms/slider/',
    signal,
  });
  return slides
    .filter((slide) => {
      if (isProviderImage(slide.image)) return true;
      console.warn(`slide ${slide.id}: its image is not on the provider, so it is not shown`);
      return false;
    })
    .map((slide) => ({ ...slide, link: safeLink(slide.link) }))
    .sort((a, b) => a.order - b.order);
}

export const slidesQuery = queryOptions({
  queryKey: ['cms', 'slider'] as const,
  queryFn: ({ signal }) => fetchSlides(signal),
});
