import { createContext, useContext } from 'react';
import type { RemoteName } from 'release-contract/remotes';
import { releaseOfManifest } from 'release-contract/rum-events';
import type { RuntimeConfig } from 'release-contract/runtime-config';

/** The release each configured slice runs on this page, by the folder of its manifest. */
export type SliceReleases = Partial<Record<RemoteName, string>>;

export function sliceReleases(remotes: RuntimeConfig['remotes']): SliceReleases {
  return Object.fromEntries(
    remotes.map((remote) => [remote.name, releaseOfManifest(remote.manifestUrl)]),
  );
}

/** Given by AppProviders on the server and in the browser alike: slot markup must match. */
export const SliceReleasesContext = createContext<SliceReleases>({});

/** The release of `slice` on this page; `dev` when the configuration does not name it. */
export function useSliceRelease(slice: RemoteName): string {
  return useContext(SliceReleasesContext)[slice] ?? 'dev';
}
