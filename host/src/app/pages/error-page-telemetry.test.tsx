import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router-dom';
import { render } from 'shared/testing/render';
import { startRum } from '../../telemetry/rum-reporter';
import { captureBeacons } from '../../testing/capture-beacons';
import { kaHost } from '../../words/ka-host';
import { RouteErrorPage } from './error-page';

function renderFailing(status: number) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: null,
      errorElement: <RouteErrorPage />,
      loader: () => {
        throw data(null, { status });
      },
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('the route’s error page', () => {
  const page = captureBeacons();

  beforeEach(() => {
    startRum({ remotes: [], sampleRate: 1, route: () => 'index' });
  });

  it('reports the host’s boundary once', async () => {
    renderFailing(503);
    await screen.findByRole('heading', { level: 1, name: kaHost.errors.genericTitle });
    // Reported from an effect, which may run after the first paint.
    await waitFor(() => {
      page.leave();
      expect(page.events()).toEqual([
        { type: 'error', kind: 'boundary', slice: 'host', release: 'host' },
      ]);
    });
  });

  it('reports nothing for an address nobody has', async () => {
    renderFailing(404);
    await screen.findByRole('heading', { level: 1, name: kaHost.errors.notFoundMessage });
    // As long as the page's own effect (its title) takes to run.
    await waitFor(() => expect(document.title).toBe(`404 · ${kaHost.brand}`));
    page.leave();
    expect(page.sendBeacon).not.toHaveBeenCalled();
  });
});
