import { z } from 'zod';

/** The helpers that act on a customer name them by personal number in the path. */
export const personalNumberParams = z.object({ personal_number: z.string().regex(/^\d{11}$/) });
