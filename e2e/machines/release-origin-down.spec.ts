import { kaHost } from 'host/words/ka-host';
import { kaCalculator } from 'remote-home/words/ka-calculator';
import { ka } from 'shared/strings/ka';
import { homeFrom } from './machine-page';
import { expect, test } from './machines-fixtures';

test('the release origin down: pages render with what the page servers hold, the slot falls back, and loads once it is back', async ({
  topology,
  page,
  allowConsoleErrors,
}) => {
  // Every machine has loaded remote-home's release: its calculator is in each one's HTML.
  for (const machine of topology.machines) {
    await expect.poll(() => homeFrom(machine.address)).toContain(kaCalculator.title);
  }

  await topology.origin.stop();
  // What the browser says of a slice whose origin answers 502: its manifest fails its
  // integrity check, its stylesheets are not styles, and its slots catch the runtime's error.
  const release = String.raw`http://localhost:\d+/remote-home/releases/[0-9a-f]+/`;
  allowConsoleErrors(
    {
      text: new RegExp(
        `^Failed to find a valid digest in the 'integrity' attribute for resource '${release}mf-manifest\\.json'`,
      ),
    },
    {
      text: new RegExp(
        `^Fetch API cannot load ${release}mf-manifest\\.json\\. SRI's integrity checks failed\\.$`,
      ),
    },
    {
      text: /^Error: \[ Federation Runtime \]: Failed to get manifest\. #RUNTIME-003\nargs: \{[^\n]*"remote_home"/,
    },
    {
      text: new RegExp(
        `^Refused to apply style from '${release}[^']+\\.css' because its MIME type`,
      ),
      optional: true,
    },
    {
      text: /^Failed to load resource: the server responded with a status of 502 /,
      url: new RegExp(`^${release}`),
      optional: true,
    },
  );
  try {
    // Each machine still renders the first screen with the release it holds, however often it
    // asks the origin for the manifest again; so does the site, through the balancer.
    for (const machine of topology.machines) {
      expect(await homeFrom(machine.address)).toContain(kaCalculator.title);
    }
    for (let i = 0; i < topology.machines.length * 2; i += 1) {
      expect(await (await fetch(`${topology.url}/`)).text()).toContain(kaCalculator.title);
    }

    // The browser cannot load the slice's code: its slot falls back, with a retry.
    await page.goto('/');
    await expect(page.getByRole('link', { name: kaHost.brand })).toBeVisible();
    const calculator = page.getByRole('region', { name: kaHost.home.calculatorLabel });
    await expect(calculator).toContainText(kaHost.remote.unavailable);
  } finally {
    await topology.origin.start();
  }

  // The origin back: the retry loads the slice in the same page.
  const calculator = page.getByRole('region', { name: kaHost.home.calculatorLabel });
  await calculator.getByRole('button', { name: ka.common.retry }).click();
  await expect(
    page.getByRole('region', { name: kaCalculator.title }).locator('output').first(),
  ).toBeVisible();
});
