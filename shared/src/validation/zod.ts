/**
 * zod for every app, imported as `import * as z from 'shared/validation/zod'`. This module is
 * a federation singleton that the host provides, so a page runs one zod, tree-shaken to the
 * names below, instead of one copy per slice (each slice's copy cost 25 KB gzip on `/`).
 * Sharing zod itself would ship all of it, locales included (decision 014). A name the code
 * needs is added here.
 *
 * The names come from `zod/mini`, not classic `zod`: classic zod's methods (`.optional()`,
 * `.min()`, `.refine()`, …) live on its schemas' prototypes, so any schema pulls in all of
 * them and the host's first script paid 25 KB gzip whatever we used. zod/mini is the same
 * package with those methods as functions (`z.optional(s)`, `s.check(z.minLength(1))`), which
 * tree-shake to what the code calls: about 9 KB gzip for the same schemas.
 */

import * as z from 'zod/mini';

export type { infer, input, output, ZodMiniObject, ZodMiniType } from 'zod/mini';
export {
  array,
  boolean,
  custom,
  email,
  enum,
  extend,
  int,
  literal,
  looseObject,
  maxLength,
  minLength,
  nonnegative,
  nullable,
  number,
  object,
  optional,
  pipe,
  positive,
  record,
  refine,
  regex,
  string,
  superRefine,
  transform,
  trim,
  union,
  unknown,
  url,
} from 'zod/mini';

// zod compiles object parsers with `new Function` when it may: the page's CSP allows no eval
// (tooling/server/security-headers), and zod's probe for it would be reported as a violation.
z.config({ jitless: true });
