import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

export interface DeviceInfo {
  user_agent: string;
  platform: string;
  language: string;
  screen: string;
  timezone: string;
}

/** What the browser says about the device, in the contract's device log fields. */
export function describeDevice(): DeviceInfo {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const data = (nav as { userAgentData?: { platform?: string } } | undefined)?.userAgentData;
  // Cut to the provider's column lengths: a long user agent must not fail the log.
  return {
    user_agent: (nav?.userAgent ?? '').slice(0, 512),
    platform: (data?.platform || nav?.platform || '').slice(0, 100),
    language: (nav?.language ?? '').slice(0, 35),
    screen: typeof screen === 'undefined' ? '' : `${screen.width}x${screen.height}`.slice(0, 50),
    timezone: (Intl.DateTimeFormat().resolvedOptions().timeZone ?? '').slice(0, 64),
  };
}

/** POST /api/user/user_log/: the provider's record of the devices a customer logs in from. */
export async function postDeviceLog(device: DeviceInfo = describeDevice()): Promise<void> {
  await requestJson(z.looseObject({}), {
    method: 'POST',
    url: '/api/user/user_log/',
    data: device,
  });
}
