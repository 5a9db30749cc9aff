import 'shared/styles/tokens.css';
import 'shared/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import LoansOverview from './features/loans/components/loans-overview';

/** The slice's own page (`pnpm --filter remote-loans dev`): its exposed modules, alone. */
function StandalonePage() {
  return (
    <main style={{ maxWidth: '48rem', margin: '0 auto', padding: '1.5rem' }}>
      <h1>remote-loans</h1>
      <LoansOverview />
    </main>
  );
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter([{ path: '*', element: <StandalonePage /> }])} />
    </StrictMode>,
  );
}
