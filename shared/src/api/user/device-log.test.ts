import { HttpResponse, http } from 'msw';
import { mswServer } from '../../testing/msw-server';
import { holdSession } from '../../testing/session';
import { type DeviceInfo, describeDevice, postDeviceLog } from './device-log';

/** Spies put on in a test, taken off after it (not vi.restoreAllMocks: it would take the setup's console.error spy too). */
const restorers: (() => void)[] = [];
afterEach(() => {
  for (const restore of restorers.splice(0)) restore();
});

describe('describeDevice', () => {
  it('cuts every value to the provider’s column length', () => {
    const userAgent = `Mozilla/5.0 ${'x'.repeat(2000)}`;
    const realOptions = new Intl.DateTimeFormat().resolvedOptions();
    const spies = [
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent),
      vi.spyOn(navigator, 'platform', 'get').mockReturnValue('p'.repeat(300)),
      vi.spyOn(navigator, 'language', 'get').mockReturnValue('l'.repeat(300)),
      vi
        .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
        .mockReturnValue({ ...realOptions, timeZone: 'Z'.repeat(300) }),
    ];
    for (const spy of spies) restorers.push(() => spy.mockRestore());

    const device = describeDevice();
    expect(device.user_agent).toBe(userAgent.slice(0, 512));
    expect(device.platform).toBe('p'.repeat(100));
    expect(device.language).toBe('l'.repeat(35));
    expect(device.timezone).toBe('Z'.repeat(64));
    expect(device.screen.length).toBeLessThanOrEqual(50);
  });

  it('keeps short values whole and gives the screen as width x height', () => {
    const device = describeDevice();
    expect(device.user_agent).toBe(navigator.userAgent);
    expect(device.language).toBe(navigator.language);
    expect(device.screen).toBe(`${screen.width}x${screen.height}`);
    expect(device.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('prefers the client hints’ platform to the legacy navigator.platform', () => {
    Object.defineProperty(navigator, 'userAgentData', {
      configurable: true,
      value: { platform: 'Android' },
    });
    restorers.push(() => Reflect.deleteProperty(navigator, 'userAgentData'));
    expect(describeDevice().platform).toBe('Android');
  });
});

describe('postDeviceLog', () => {
  const device: DeviceInfo = {
    user_agent: 'Mozilla/5.0 (Linux; Android 14)',
    platform: 'Android',
    language: 'ka-GE',
    screen: '412x915',
    timezone: 'Asia/Tbilisi',
  };

  function captureLog() {
    const seen: { method: string; path: string; signedIn: string | null; body: unknown }[] = [];
    mswServer.use(
      http.post('*/api/user/user_log/', async ({ request, cookies }) => {
        seen.push({
          method: request.method,
          path: new URL(request.url).pathname,
          // The host's server finds the session in the cookies a same-origin call carries.
          signedIn: cookies.signed_in ?? null,
          body: await request.json(),
        });
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    return seen;
  }

  it('posts the device given, as the logged-in customer', async () => {
    holdSession();
    const seen = captureLog();
    await expect(postDeviceLog(device)).resolves.toBeUndefined();
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/api/user/user_log/',
        signedIn: '1',
        body: device,
      },
    ]);
  });

  it('describes this browser when no device is given', async () => {
    const seen = captureLog();
    await postDeviceLog();
    expect(seen[0]?.body).toEqual(describeDevice());
  });

  it('rejects the provider’s field messages by field', async () => {
    mswServer.use(
      http.post('*/api/user/user_log/', () =>
        HttpResponse.json(
          { user_agent: ['დარწმუნდით, რომ ველი 512 სიმბოლოს არ აღემატება.'] },
          { status: 400 },
        ),
      ),
    );
    await expect(postDeviceLog(device)).rejects.toMatchObject({
      status: 400,
      fieldErrors: { user_agent: ['დარწმუნდით, რომ ველი 512 სიმბოლოს არ აღემატება.'] },
    });
  });

  it('rejects an answer that is not an object as breaking the contract', async () => {
    mswServer.use(
      http.post('*/api/user/user_log/', () => HttpResponse.json('logged', { status: 201 })),
    );
    await expect(postDeviceLog(device)).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});
