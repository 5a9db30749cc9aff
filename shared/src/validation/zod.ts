/**
 * zod for every app, imported as `import * as z from 'shared/validation/zod'`. This module is
 * a federation singleton that the host provides, so a page runs one zod, tree-shaken to the
 * names below, instead of one copy per slice (each slice's copy cost 25 KB gzip on `/`).
 * Sharing zod itself would ship all of it, locales included (decision 014). A name the code
 * needs is added here.
 */

export type { infer, input, output, ZodObject, ZodType } from 'zod';
export {
  array,
  boolean,
  custom,
  email,
  enum,
  literal,
  number,
  object,
  record,
  string,
  union,
  unknown,
  url,
} from 'zod';
