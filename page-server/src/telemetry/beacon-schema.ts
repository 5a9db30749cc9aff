import { REMOTE_NAMES } from 'release-contract/remotes';
import {
  type Beacon,
  ERROR_KINDS,
  RELEASE_PATTERN,
  RUM_MAX_EVENTS,
  VITALS,
} from 'release-contract/rum-events';
import * as z from 'shared/validation/zod';

/*
 * A beacon as the server accepts it (decision 029). It comes from any browser, so it is read as
 * hostile: fixed shapes, labels from fixed sets, bounded numbers. zod drops any other field, so
 * nothing a page adds (a message, a form's value) is kept.
 */

const slice = z.enum(['host', ...REMOTE_NAMES]);
const release = z.string().check(z.regex(RELEASE_PATTERN));
const inRange = (max: number) =>
  z.number().check(z.refine((value) => Number.isFinite(value) && value >= 0 && value <= max));

const event = z.union([
  z.object({ type: z.literal('view'), slice, release }),
  z.object({ type: z.literal('error'), kind: z.enum(ERROR_KINDS), slice, release }),
  z.object({
    type: z.literal('vital'),
    // A minute is far beyond any real LCP or INP: a larger value is not a measurement.
    name: z.enum(VITALS.filter((vital) => vital !== 'CLS') as ['LCP', 'INP']),
    value: inRange(60_000),
    slice,
    release,
  }),
  z.object({
    type: z.literal('vital'),
    name: z.literal('CLS'),
    value: inRange(100),
    slice,
    release,
  }),
]);

export const beaconSchema = z.object({
  v: z.literal(1),
  route: z.string().check(z.regex(/^[a-z-]{1,32}$/)),
  events: z.array(event).check(z.minLength(1), z.maxLength(RUM_MAX_EVENTS)),
});

// The browser's type and the server's schema describe one thing.
type Parsed = z.infer<typeof beaconSchema>;

export type { Parsed as ParsedBeacon };

const _sameShape = (beacon: Parsed): Beacon => beacon;
void _sameShape;
