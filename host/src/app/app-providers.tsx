import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { type LoadRemoteModule, RemoteLoaderContext } from '../federation/remote-loader';

/**
 * What surrounds the router, in the browser and on the server alike: the same tree on both
 * sides is what lets the browser hydrate the server's HTML.
 */
export function AppProviders({
  queryClient,
  loadRemote,
  children,
}: {
  queryClient: QueryClient;
  loadRemote: LoadRemoteModule;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RemoteLoaderContext value={loadRemote}>{children}</RemoteLoaderContext>
      </QueryClientProvider>
    </StrictMode>
  );
}
