import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { render } from 'shared/testing/render';
import { kaHost } from '../../words/ka-host';
import { SideBar } from './side-bar';
import { SiteHeader } from './site-header';

function Shell() {
  return (
    <>
      <SiteHeader showAccount={false} />
      <SideBar />
      <main>
        <Outlet />
      </main>
    </>
  );
}

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <h1>მთავარი გვერდი</h1> },
          { path: '/static', element: <h1>პირობების გვერდი</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const menuButton = () => screen.getByRole('button', { name: kaHost.nav.openMenu });

/** The element the menu button says it controls, as assistive technology finds it. */
function sideBar(): HTMLElement | null {
  const id = menuButton().getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
}

async function openSideBar() {
  await userEvent.click(menuButton());
  const bar = sideBar();
  if (!bar) throw new Error('the side bar did not open');
  return bar;
}

describe('the side bar', () => {
  it('is closed at first', () => {
    renderShell();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(sideBar()).toBeNull();
  });

  it('opens from the menu button with the site links and moves focus into it', async () => {
    renderShell();
    const bar = await openSideBar();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(bar).toHaveRole('navigation');
    expect(bar).toHaveAccessibleName(kaHost.nav.menuLabel);
    expect(within(bar).getByRole('link', { name: kaHost.nav.home })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('link', { name: kaHost.nav.terms })).toHaveAttribute(
      'href',
      '/static',
    );
    expect(within(bar).getByRole('button', { name: kaHost.nav.closeMenu })).toHaveFocus();
  });

  it('closes when the menu button is pressed again', async () => {
    renderShell();
    await openSideBar();
    await userEvent.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(sideBar()).toBeNull();
  });

  it('closes from its close button', async () => {
    renderShell();
    const bar = await openSideBar();
    await userEvent.click(within(bar).getByRole('button', { name: kaHost.nav.closeMenu }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(sideBar()).toBeNull();
    expect(menuButton()).toHaveFocus();
  });

  it('closes on Escape', async () => {
    renderShell();
    await openSideBar();
    await userEvent.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(sideBar()).toBeNull();
    expect(menuButton()).toHaveFocus();
  });

  it('closes when one of its links is followed, and the page changes', async () => {
    const router = renderShell();
    const bar = await openSideBar();
    await userEvent.click(within(bar).getByRole('link', { name: kaHost.nav.terms }));
    expect(screen.getByRole('heading', { name: 'პირობების გვერდი' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/static');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(sideBar()).toBeNull();
  });

  it('closes on any navigation, not only its own links', async () => {
    const router = renderShell();
    await openSideBar();
    await act(() => router.navigate('/static'));
    expect(screen.getByRole('heading', { name: 'პირობების გვერდი' })).toBeInTheDocument();
    expect(sideBar()).toBeNull();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});
