import type { EnvVariable } from 'release-contract/apps-variables';

/*
 * The variables the pipelines read (`pnpm slice`, decision 039): `pnpm env:table` writes them
 * into docs/configuration.md. Data only.
 */
export const SLICE_VARIABLES: readonly EnvVariable[] = [
  {
    names: ['LENDER_BUILD_CACHE'],
    default: '`$XDG_CACHE_HOME/lender-web/builds`, else `~/.cache/lender-web/builds`',
    meaning:
      'where the apps’ builds are kept by their sources; the release in production and checkouts of a base are kept beside it (a CI cache keeps the folder above)',
  },
  {
    names: ['XDG_CACHE_HOME'],
    default: '`~/.cache`',
    meaning:
      'the user’s cache folder, under which the build cache is kept when `LENDER_BUILD_CACHE` is unset',
  },
  {
    names: ['SLICE_BASE'],
    default: '`HEAD`',
    meaning:
      'the target branch a slice’s pipeline takes the host, the page server and the other slices from, and `pnpm slice affected` measures a change against (`--base` wins)',
  },
  {
    names: ['OWN_MACHINES'],
    default: 'unset: where `unshare` and overlayfs are allowed (root)',
    meaning:
      '`0` runs the passes that bind the product’s ports one after another in the browsers’ lane, instead of each on a machine of its own beside the suite (decision 039; what such a pass wrote stays in the temporary folder’s `lender-own-machines/`)',
  },
];
