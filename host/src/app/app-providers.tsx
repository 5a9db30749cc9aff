import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { type LoadRemoteModule, RemoteLoaderContext } from '../slots/remote-loader';
import { type SliceReleases, SliceReleasesContext } from '../telemetry/slice-releases';

const NO_RELEASES: SliceReleases = {};

/**
 * What surrounds the router, in the browser and on the server alike: the same tree on both
 * sides is what lets the browser hydrate the server's HTML.
 */
export function AppProviders({
  queryClient,
  loadRemote,
  releases = NO_RELEASES,
  children,
}: {
  queryClient: QueryClient;
  loadRemote: LoadRemoteModule;
  /** Each slice's release, which its slots name in their markup for the page's telemetry. */
  releases?: SliceReleases;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RemoteLoaderContext value={loadRemote}>
          <SliceReleasesContext value={releases}>{children}</SliceReleasesContext>
        </RemoteLoaderContext>
      </QueryClientProvider>
    </StrictMode>
  );
}
