import { HOST_URL, SANDBOX_URL } from './utils/urls';

async function waitFor(url: string, deadline: number): Promise<Response> {
  for (;;) {
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return response;
    if (Date.now() > deadline) throw new Error(`${url} did not come up within 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The web server answers on the host first; the suite needs every remote and the sandbox up
 * too. The remotes are wherever the host's runtime configuration says (nginx serves releases
 * under versioned paths).
 */
export default async function waitForAllApps(): Promise<void> {
  const deadline = Date.now() + 180_000;
  await waitFor(HOST_URL, deadline);
  const config = (await (await waitFor(`${HOST_URL}/runtime-config.json`, deadline)).json()) as {
    remotes: { manifestUrl: string }[];
  };
  for (const remote of config.remotes) await waitFor(remote.manifestUrl, deadline);
  await waitFor(`${SANDBOX_URL}/api/cms/slider/`, deadline);
}
