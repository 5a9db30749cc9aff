import { RUM_MAX_BYTES } from 'release-contract/rum-events';

/**
 * Beacons no page of ours sends (issue 31's target): malformed, oversized, forged and hostile,
 * each with the content type it is sent as. The beacon endpoint's test and `pnpm --filter
 * bench load --hostile-beacons` send them; none may be stored, none may cost a 5xx.
 */
export const PERSONAL_NUMBER = '01001011234';

const beacon = (events: unknown[], route = 'index') => JSON.stringify({ v: 1, route, events });

export const HOSTILE_BEACONS: readonly { body: string; contentType: string }[] = [
  'not json',
  '',
  '{}',
  '[]',
  'null',
  JSON.stringify({ v: 2, route: 'index', events: [] }),
  beacon([]),
  beacon([{ type: 'view', slice: 'remote_home', release: 'aaaaaaaaaaaa' }], 'no such route'),
  beacon([{ type: 'view', slice: '<script>', release: 'aaaaaaaaaaaa' }]),
  beacon([{ type: 'view', slice: 'remote_home', release: PERSONAL_NUMBER }]),
  beacon([{ type: 'error', kind: PERSONAL_NUMBER, slice: 'host', release: 'host' }]),
  beacon([{ type: 'vital', name: 'LCP', value: Number.MAX_VALUE, slice: 'host', release: 'host' }]),
  beacon([{ type: 'vital', name: 'CLS', value: -1, slice: 'host', release: 'host' }]),
  beacon(Array.from({ length: 33 }, () => ({ type: 'view', slice: 'host', release: 'host' }))),
  beacon([{ type: 'view', slice: 'host', release: 'host', message: PERSONAL_NUMBER }]).padEnd(
    RUM_MAX_BYTES + 1,
    ' ',
  ),
  'x'.repeat(20 * RUM_MAX_BYTES),
  `{"v":1,"route":"index","events":[${'['.repeat(5000)}`,
  '{"v":1,"route":"index","events":[],"__proto__":{"polluted":true}}',
].flatMap((body, index) => [
  { body, contentType: 'text/plain;charset=UTF-8' },
  ...(index % 3 === 0 ? [{ body, contentType: 'application/json' }] : []),
]);
