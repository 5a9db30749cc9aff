import { preloadApiClient } from 'shared/api/request-json';
import { INTENT_EVENTS, preloadApiClientOnIntent } from './api-client-on-intent';

vi.mock('shared/api/request-json', () => ({ preloadApiClient: vi.fn() }));

afterEach(() => {
  vi.mocked(preloadApiClient).mockClear();
});

describe("the API client's fetch on intent", () => {
  it.each(INTENT_EVENTS)('starts at the first %s, once, and stops listening', (type) => {
    const target = new EventTarget();
    preloadApiClientOnIntent(target);
    expect(preloadApiClient).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('scroll'));
    expect(preloadApiClient).not.toHaveBeenCalled();

    target.dispatchEvent(new Event(type));
    target.dispatchEvent(new Event(type));
    for (const other of INTENT_EVENTS) target.dispatchEvent(new Event(other));
    expect(preloadApiClient).toHaveBeenCalledTimes(1);
  });

  it('fetches nothing once stopped', () => {
    const target = new EventTarget();
    preloadApiClientOnIntent(target)();
    for (const type of INTENT_EVENTS) target.dispatchEvent(new Event(type));
    expect(preloadApiClient).not.toHaveBeenCalled();
  });
});
