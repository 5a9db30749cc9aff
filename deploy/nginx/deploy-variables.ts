import type { EnvVariable } from 'release-contract/apps-variables';

/*
 * The variables deploy reads (nginx-binary, rollout), each with its default and meaning in one
 * line: `pnpm env:table` writes them into docs/configuration.md, and a tooling test fails when
 * a reader reads one not declared. Data only: the docs' writer loads it without deploy's code.
 */

export const DEPLOY_VARIABLES: readonly EnvVariable[] = [
  {
    names: ['NGINX', 'NGINX_MODULES_DIR'],
    default: '`/usr/sbin/nginx`, `/usr/lib/nginx/modules`',
    meaning: 'the nginx `pnpm start:nginx` runs, and where its brotli module is',
  },
  {
    names: ['PROMETHEUS'],
    default: '`/usr/bin/prometheus`',
    meaning:
      'the Prometheus `pnpm start:nginx` runs to scrape the page servers and serve the slice pages (`/consoles/slices.html`)',
  },
  {
    names: ['PROMETHEUS_URL'],
    default: '`http://127.0.0.1:9090`',
    meaning:
      'the Prometheus the rollout asks (the canary’s judge, `health`): the one `pnpm start:nginx` runs, or a cluster’s',
  },
  {
    names: ['RELEASE_COMMIT'],
    default: "the checkout's HEAD",
    meaning: 'the commit a registered release is recorded as built from',
  },
  {
    names: ['RELEASE_ORIGIN'],
    default: '`.nginx/site`',
    meaning:
      'where `release` uploads a release once: a folder, or an http(s) base URL written with PUT (nginx dav, an S3-compatible store) (issue 48)',
  },
  {
    names: ['RELEASE_ORIGIN_ACCESS_KEY', 'RELEASE_ORIGIN_SECRET_KEY', 'RELEASE_ORIGIN_REGION'],
    default: 'unset: unsigned requests',
    meaning: "an S3-compatible origin's keys and region: every upload is signed with SigV4",
  },
  {
    names: ['RELEASE_ORIGIN_TOKEN'],
    default: 'unset: no credential',
    meaning:
      'the bearer token an origin behind an authenticating front takes uploads with (the three machines’ origin; not with the S3 keys)',
  },
  {
    names: ['RELEASE_PUBLIC_URL'],
    default: '`http://localhost:<HOST_PORT>`',
    meaning:
      'the address browsers and page servers reach the release origin by: the releases document names each release under it',
  },
  {
    names: ['RELEASES_TARGET'],
    default: '`.nginx/releases.signed.json`',
    meaning:
      'where the rollout publishes the signed releases document: a file, or an http(s) URL it PUTs to (the page servers read it there as RELEASES_SOURCE); its working copy stays `.nginx/releases.json`',
  },
  {
    names: ['RELEASES_SIGNING_KEY'],
    default: 'unset: a key made once under `.nginx/registry/`',
    meaning:
      'the Ed25519 private key (PKCS#8 PEM) the rollout signs the releases document with; the rollout alone holds it, the page servers get its public half as RELEASES_PUBLIC_KEY (decision 040)',
  },
  {
    names: ['IN_PRODUCTION_FILE'],
    default: '`deploy/in-production.json`',
    meaning: 'the production pin a promotion moves and the skew test builds (decision 019)',
  },
];
