// vitest: isolate — a report's answer can land after its test ends and write the last activity
// into localStorage, where the next file's faked clock would read it as a time to come.
import { act, fireEvent, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useAuthStore } from 'shared/auth/auth-store';
import { ACTIVITY_KEY, ACTIVITY_WRITE_INTERVAL_MS } from 'shared/session/session-activity';
import { startSession } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { holdCsrfToken } from 'shared/testing/session';
import { InactivityGuard } from './inactivity-guard';
import { openedWithServerClock } from './use-activity-reports';

const dialogElement = (container: HTMLElement) => container.querySelector('dialog');

afterEach(() => localStorage.clear());

/** The session's clocks as the server answers them, `idleLeft` seconds of 900 left. */
const clocks = (idleLeft: number) => ({
  idle_seconds: 900,
  idle_left_seconds: idleLeft,
  max_left_seconds: 40_000,
});

/**
 * The times the page reports activity, each answered with `answer`. The provider's csrftoken is
 * there: a write without it is only a read (server-session).
 */
function watchActivityReports(answer: ReturnType<typeof clocks>): number[] {
  const reports: number[] = [];
  mswServer.use(
    http.post('*/session/activity', () => {
      reports.push(Date.now());
      return HttpResponse.json(answer);
    }),
  );
  holdCsrfToken();
  return reports;
}

describe('the inactivity warning’s guard', () => {
  it('loads nothing for a visitor', async () => {
    const { container } = render(<InactivityGuard />);
    // Give a lazy load every chance it must not take: the module is ready, the tasks have run.
    await act(async () => {
      await import('./inactivity-warning');
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(dialogElement(container)).toBeNull();
  });

  it('brings the warning in once a customer is logged in, and takes it away at logout', async () => {
    const { container } = render(<InactivityGuard />);
    startSession();
    await waitFor(() => expect(dialogElement(container)).not.toBeNull());
    // Closed until the customer has been inactive long enough.
    expect(dialogElement(container)?.open).toBe(false);

    act(() => useAuthStore.setState({ status: 'logged-out' }));
    expect(dialogElement(container)).toBeNull();
  });

  it('tells the server of the customer’s activity, and records the server’s clock for every tab', async () => {
    // The server last counted the session used 5 s ago (its clock, not the page's).
    const reports = watchActivityReports(clocks(895));
    render(<InactivityGuard />);
    startSession();
    // Opening a logged-in page is activity.
    await waitFor(() => expect(reports).toHaveLength(1));
    await waitFor(() => {
      const recorded = Number(localStorage.getItem(ACTIVITY_KEY));
      expect(Date.now() - recorded).toBeGreaterThanOrEqual(5_000);
      expect(Date.now() - recorded).toBeLessThan(5_000 + ACTIVITY_WRITE_INTERVAL_MS);
    });
    // The customer's input is reported too (the tracker allows one a ACTIVITY_WRITE_INTERVAL_MS).
    fireEvent.keyDown(window, { key: 'a' });
    await waitFor(() => expect(reports).toHaveLength(2));
  });

  it('does not report an opening the server counted, records its clock, and reports input after', async () => {
    const reports = watchActivityReports(clocks(900));
    // The page came 2 s ago with the clocks of a session counted used as the server answered.
    const cameAt = Date.now() - 2_000;
    openedWithServerClock(clocks(900), cameAt);
    expect(Number(localStorage.getItem(ACTIVITY_KEY))).toBe(cameAt);
    startSession();
    render(<InactivityGuard />);
    // Give a report every chance it must not make.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reports).toEqual([]);

    fireEvent.keyDown(window, { key: 'a' });
    await waitFor(() => expect(reports).toHaveLength(1));
  });
});
