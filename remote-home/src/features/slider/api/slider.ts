import { queryOptions } from '@tanstack/react-query';
import { requestJson } from 'shared/api/api-client';
import * as z from 'shared/validation/zod';

export const slideSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().min(1),
  link: z.string().nullable(),
  order: z.number().int(),
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
