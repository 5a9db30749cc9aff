import 'shared/styles/tokens.css';
import 'shared/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import QuestionAnswers from './features/questions/components/question-answers';
import HomeSlider from './features/slider/components/home-slider';

/** The slice's own page (`pnpm --filter remote-home dev`): its exposed modules, alone. */
function StandalonePage() {
  return (
    <main
      style={{
        maxWidth: '72rem',
        margin: '0 auto',
        padding: '1.5rem',
        display: 'grid',
        gap: '2rem',
      }}
    >
      <h1>remote-home</h1>
      <HomeSlider />
      <QuestionAnswers />
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
