import { HOST_URL, manifestUrl, REMOTES, type RemoteName, SANDBOX_URL } from './utils/urls';

/** The web server answers on the host first; the suite needs every remote and the sandbox up too. */
export default async function waitForAllApps(): Promise<void> {
  const urls = [
    HOST_URL,
    ...Object.keys(REMOTES).map((name) => manifestUrl(name as RemoteName)),
    `${SANDBOX_URL}/api/cms/slider/`,
  ];
  const deadline = Date.now() + 180_000;
  for (const url of urls) {
    for (;;) {
      const ok = await fetch(url).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`${url} did not come up within 180 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
