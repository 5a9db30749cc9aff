import { loadRemote } from '@module-federation/enhanced/runtime';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { logInAs } from 'shared/testing/log-in';
import { render } from 'shared/testing/render';
import { RELOAD_STAMP_KEY } from '../../chunk-reload/reload-guard';
import { stubPageReload } from '../../testing/stub-page-reload';
import { kaHost } from '../../words/ka-host';
import { buildRoutes } from '../router';
import { RouteErrorPage } from './error-page';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
}));

/** Every remote module resolves to a small component that names itself. */
function remoteStub(id: string) {
  return { default: () => <p>{`remote ${id}`}</p> };
}

function renderApp(path: string, routeMiddleware: RuntimeConfig['routeMiddleware'] = {}) {
  const router = createMemoryRouter(buildRoutes({ remotes: [], routeMiddleware }), {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

/** Every slot of a (not yet verified) customer's home page has loaded. */
async function customerHomeLoaded() {
  for (const id of [
    'remote_loans/OverdueNotice',
    'remote_loans/NextPayment',
    'remote_home/LoanCalculator',
    'remote_loans/LoansOverview',
    'remote_account/VerificationSteps',
    'remote_home/QuestionAnswers',
  ]) {
    expect(await screen.findByText(`remote ${id}`)).toBeInTheDocument();
  }
}

beforeEach(() => {
  vi.mocked(loadRemote).mockReset();
  vi.mocked(loadRemote).mockImplementation(async (id: string) => remoteStub(id) as never);
});

describe('the error page in the app', () => {
  it('shows 404 and the Georgian not-found message for an unknown page', async () => {
    renderApp('/no-such-page');
    const page = await screen.findByRole('region', { name: kaHost.errors.notFoundMessage });
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(
      kaHost.errors.notFoundMessage,
    );
    expect(within(page).getByText('404')).toBeInTheDocument();
    // The title is set from an effect, which may run after the first paint.
    await waitFor(() => expect(document.title).toBe(`404 · ${kaHost.brand}`));
  });

  it('offers a link back home from the not-found page', async () => {
    const router = renderApp('/no-such-page');
    const link = await screen.findByRole('link', { name: kaHost.errors.backHome });
    expect(link).toHaveAttribute('href', '/');
    await userEvent.click(link);
    expect(await screen.findByText('remote remote_home/HomeSlider')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the site header and its login around the not-found page', async () => {
    renderApp('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: kaHost.errors.notFoundMessage });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: ka.account.login })).toBeInTheDocument();
  });

  it('shows 500 and the middleware name when a route names unknown middleware', async () => {
    renderApp('/static', { '/static': ['nope'] });
    const page = await screen.findByRole('region', { name: kaHost.errors.genericTitle });
    expect(within(page).getByText('500')).toBeInTheDocument();
    expect(within(page).getByText('Unknown middleware nope')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: kaHost.errors.backHome })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

describe('routes and their middleware', () => {
  it('renders the home page with the remotes’ parts', async () => {
    renderApp('/');
    expect(await screen.findByText('remote remote_home/LoanCalculator')).toBeInTheDocument();
    expect(await screen.findByText('remote remote_home/HomeSlider')).toBeInTheDocument();
    expect(await screen.findByText('remote remote_home/QuestionAnswers')).toBeInTheDocument();
  });

  it('sends a logged-out visitor of an auth route home with the login form requested', async () => {
    const router = renderApp('/static', { '/static': ['auth'] });
    expect(await screen.findByText('remote remote_home/HomeSlider')).toBeInTheDocument();
    await waitFor(() => expect(useUiStore.getState().accountPanel).toBe('login'));
    expect(router.state.location.pathname).toBe('/');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/static');
    expect(new URLSearchParams(router.state.location.search).has('login')).toBe(false);
  });

  it('takes a visitor who logs in back to the auth route they were sent away from', async () => {
    const router = renderApp('/static', { '/static': ['auth'] });
    await waitFor(() => expect(useUiStore.getState().accountPanel).toBe('login'));

    logInAs();

    await waitFor(() => expect(router.state.location.pathname).toBe('/static'));
  });

  it('brings a customer whose session ended at the bank back to the payment’s outcome after the login', async () => {
    const router = renderApp('/payment?order=42');
    await waitFor(() => expect(useUiStore.getState().accountPanel).toBe('login'));
    expect(router.state.location.pathname).toBe('/');

    logInAs();

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(router.state.location.search).toBe('?order=42');
    expect(await screen.findByText('remote remote_loans/PaymentOutcome')).toBeInTheDocument();
  });

  it.each([
    ['two slashes', '//evil.example/x'],
    ['a tab between the slashes', '/\t/evil.example/x'],
    ['a backslash', '/\\evil.example/x'],
    ['a dot segment the parser removes', '/.//127.0.0.2:3001/x'],
  ])('never follows a `next` that leads off the site by %s', async (_, next) => {
    logInAs();
    const router = renderApp(`/?next=${encodeURIComponent(next)}`);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/');
    await customerHomeLoaded();
  });

  it('sends a logged-in user away from the recovery page', async () => {
    logInAs();
    const router = renderApp('/recovery');
    await customerHomeLoaded();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the recovery page to a logged-out visitor', async () => {
    renderApp('/recovery');
    expect(await screen.findByText('remote remote_account/RecoveryPage')).toBeInTheDocument();
  });
});

describe('a route whose code fails to load', () => {
  const reload = stubPageReload();

  function renderFailingRoute() {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: () => {
            const error = new Error('Loading chunk page-static failed.');
            error.name = 'ChunkLoadError';
            throw error;
          },
          element: <p>never</p>,
          hydrateFallbackElement: <p>…</p>,
          errorElement: <RouteErrorPage />,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
  }

  it('reloads the page once', async () => {
    renderFailingRoute();
    expect(await screen.findByRole('status')).toHaveTextContent(ka.common.loading);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('shows the error page with a reload button within 60 seconds of the last reload', async () => {
    sessionStorage.setItem(RELOAD_STAMP_KEY, String(Date.now() - 1_000));
    renderFailingRoute();
    expect(await screen.findByText(kaHost.errors.chunkFailed)).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: kaHost.errors.reloadPage }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the error page, not a spinner, when the reload cannot be guarded (storage full)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    });
    renderFailingRoute();
    expect(await screen.findByText(kaHost.errors.chunkFailed)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
