import 'shared/styles/tokens.css';
import 'shared/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import AccountEntry from './features/login/components/account-entry';
import RecoveryPage from './features/recovery/components/recovery-page';

/** The slice's own page (`pnpm --filter remote-account dev`): its exposed modules, alone. */
function StandalonePage() {
  return (
    <main
      style={{
        maxWidth: '48rem',
        margin: '0 auto',
        padding: '1.5rem',
        display: 'grid',
        gap: '2rem',
      }}
    >
      <h1>remote-account</h1>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <AccountEntry />
      </div>
      <RecoveryPage />
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
