import '../styles/fonts.css';
import '../styles/tokens.css';
import '../styles/base.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { queryClient } from 'shared/query/query-client';

/**
 * A remote's own development page (`pnpm --filter remote-x dev`): its exposed modules alone,
 * inside a router and the page's QueryClient, as they are in the host.
 */
export function renderStandalonePage(title: string, content: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) return;
  const page = (
    <main
      style={{
        maxWidth: '72rem',
        margin: '0 auto',
        padding: '1.5rem',
        display: 'grid',
        gap: '2rem',
      }}
    >
      <h1>{title}</h1>
      {content}
    </main>
  );
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createBrowserRouter([{ path: '*', element: page }])} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
