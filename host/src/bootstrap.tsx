import 'shared/styles/fonts.css';
import 'shared/styles/tokens.css';
import 'shared/styles/base.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { useAuthStore } from 'shared/auth/auth-store';
import { prefetchAccount } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { createAppRouter } from './app/router';
import './federation/first-screen-shares';
import { registerConfiguredRemotes } from './federation/register-remotes';
import { loadRuntimeConfig, type RuntimeConfig } from './federation/runtime-config';

async function runtimeConfigOrEmpty(): Promise<RuntimeConfig> {
  try {
    return await loadRuntimeConfig();
  } catch (error) {
    // Without the config no remote can load, but the shell and its error handling still can.
    console.error(
      'runtime configuration unavailable; remote slots will show their fallback',
      error,
    );
    return { remotes: [], routeMiddleware: {} };
  }
}

/** Starts the shell: its configuration, the remotes it names, then the router. */
export async function start(): Promise<void> {
  const config = await runtimeConfigOrEmpty();
  registerConfiguredRemotes(config.remotes);
  // A session restored from the cookie gets its data as a fresh login does.
  if (useAuthStore.getState().status === 'logged-in') void prefetchAccount();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createAppRouter(config)} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
