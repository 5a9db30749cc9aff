/*
 * The loans slice's slots as a customer's home page shows them, in the host's order, inside a
 * router whose address a test reads and moves (the links of contract v1.4's feed arrive there).
 */
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { render } from 'shared/testing/render';
import { vi } from 'vitest';
import LoansOverview from '../app/loans-overview';
import NextPayment from '../app/next-payment';
import OverdueNotice from '../app/overdue-notice';

/** The home page reached at `path`: its router, for the address and the navigations. */
export function renderHomePage(path: string) {
  const page = (
    <>
      <OverdueNotice />
      <NextPayment />
      <LoansOverview />
    </>
  );
  const router = createMemoryRouter([{ path: '/', element: page }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** What the page brings into view from now on (the spy outlives a test: its calls are cleared). */
export function watchScrolling() {
  return vi.spyOn(Element.prototype, 'scrollIntoView').mockClear();
}
