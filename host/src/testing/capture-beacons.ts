import type { Beacon, RumEvent } from 'release-contract/rum-events';
import { resetRumForTests } from '../telemetry/rum-reporter';

/**
 * Stubs navigator.sendBeacon (jsdom has none) for each test of the calling describe block, and
 * forgets the page's reporting after each: every test is a page load of its own.
 */
export function captureBeacons() {
  const bodies: string[] = [];
  const sendBeacon = vi.fn((_url: string, body: string) => {
    bodies.push(body);
    return true;
  });
  beforeEach(() => {
    bodies.length = 0;
    sendBeacon.mockClear();
    Object.defineProperty(navigator, 'sendBeacon', {
      value: sendBeacon,
      configurable: true,
      writable: true,
    });
  });
  afterEach(() => {
    resetRumForTests();
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });
  return {
    sendBeacon,
    /** The beacons' bodies as sent. */
    bodies,
    beacons: (): Beacon[] => bodies.map((body) => JSON.parse(body) as Beacon),
    events: (): RumEvent[] => bodies.flatMap((body) => (JSON.parse(body) as Beacon).events),
    /** The customer leaves the page: what is queued goes at once. */
    leave: () => window.dispatchEvent(new Event('pagehide')),
  };
}
