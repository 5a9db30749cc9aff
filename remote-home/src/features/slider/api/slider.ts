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

/** GET /api/cms/slider/: the home slider, in the CMS's order. */
export async function fetchSlides(signal?: AbortSignal): Promise<Slide[]> {
  const slides = await requestJson(slidesSchema, {
    method: 'GET',
    url: '/api/cms/slider/',
    signal,
  });
  return [...slides].sort((a, b) => a.order - b.order);
}

export const slidesQuery = queryOptions({
  queryKey: ['cms', 'slider'] as const,
  queryFn: ({ signal }) => fetchSlides(signal),
});
