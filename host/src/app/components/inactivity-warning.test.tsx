import { act, fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useAuthStore } from 'shared/auth/auth-store';
import { ACTIVITY_KEY, END_REASON_KEY } from 'shared/session/session-activity';
import { isSignedIn } from 'shared/session/signed-in';
import { mswServer } from 'shared/testing/msw-server';
import { render } from 'shared/testing/render';
import { kaInactivity } from '../../words/ka-inactivity';
import { announcementPoint, formatClock, InactivityWarning } from './inactivity-warning';

const t = kaInactivity;
// 15 s idle, warned for the last 5: 10 s after the last activity the dialog opens.
const timing = { idleSeconds: 15, warningSeconds: 5 };
const session = { access: 'access-1', refresh: 'refresh-1' };
const START = 1_700_000_000_000;

// jsdom has <dialog> but not its modal methods; these do what the tests rely on.
beforeAll(() => {
  const proto = HTMLDialogElement.prototype;
  if (!proto.showModal) {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
  }
  if (!proto.close || !('open' in proto)) {
    proto.close = function close(this: HTMLDialogElement) {
      this.open = false;
    };
  }
});

beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ['setInterval', 'clearInterval', 'Date'] });
  mswServer.use(http.post('*/api/user/logout/', () => new HttpResponse(null, { status: 204 })));
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

function logIn() {
  act(() => useAuthStore.getState().setSession(session));
}

function advance(seconds: number) {
  act(() => vi.advanceTimersByTime(seconds * 1000));
}

const dialog = () => screen.queryByRole('dialog', { name: t.title });

describe('the inactivity warning', () => {
  it('opens only when the warning time before the end is reached', () => {
    logIn();
    render(<InactivityWarning timing={timing} />);
    advance(9);
    expect(dialog()).not.toBeInTheDocument();
    advance(1);
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.continue })).toHaveFocus();
    expect(screen.getByText('00:05')).toBeInTheDocument();
  });

  it('counts down, and announces only a few points politely', () => {
    logIn();
    render(<InactivityWarning timing={{ idleSeconds: 200, warningSeconds: 120 }} />);
    advance(80);
    const live = dialog()?.querySelector('[aria-live="polite"]');
    expect(screen.getByText('02:00')).toBeInTheDocument();
    expect(live).toHaveTextContent(t.announce(t.minutes(2)));
    advance(30);
    expect(screen.getByText('01:30')).toBeInTheDocument();
    // Not a word more between the points.
    expect(live).toHaveTextContent(t.announce(t.minutes(2)));
    advance(30);
    expect(live).toHaveTextContent(t.announce(t.minutes(1)));
    advance(30);
    expect(live).toHaveTextContent(t.announce(t.seconds(30)));
    advance(15);
    expect(live).toHaveTextContent(t.announce(t.seconds(30)));
    advance(5);
    expect(screen.getByText('00:10')).toBeInTheDocument();
    expect(live).toHaveTextContent(t.announce(t.seconds(10)));
    // The visible clock itself is not live.
    expect(screen.getByText('00:10').closest('[aria-live]')).toBeNull();
  });

  it('says the time the dialog shows when the warning is shorter than its first point', () => {
    logIn();
    render(<InactivityWarning timing={{ idleSeconds: 60, warningSeconds: 20 }} />);
    advance(40);
    const live = dialog()?.querySelector('[aria-live="polite"]');
    expect(screen.getByText('00:20')).toBeInTheDocument();
    // Not 30 seconds, the point the clock has already passed.
    expect(live).toHaveTextContent(t.announce(t.seconds(20)));
    advance(10);
    expect(live).toHaveTextContent(t.announce(t.seconds(10)));
  });

  it('keeps the session on „continue“, for every tab, and warns again only after a full wait', () => {
    logIn();
    render(<InactivityWarning timing={timing} />);
    advance(10);
    fireEvent.click(screen.getByRole('button', { name: t.continue }));
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem(ACTIVITY_KEY)).toBe(String(START + 10_000));
    advance(9);
    expect(dialog()).not.toBeInTheDocument();
    advance(1);
    expect(dialog()).toBeInTheDocument();
    expect(useAuthStore.getState().status).toBe('logged-in');
  });

  it('continues on Escape, the safe choice', () => {
    logIn();
    render(<InactivityWarning timing={timing} />);
    advance(10);
    const open = dialog();
    if (!open) throw new Error('no dialog');
    fireEvent(open, new Event('cancel', { cancelable: true }));
    expect(dialog()).not.toBeInTheDocument();
    advance(9);
    expect(useAuthStore.getState().status).toBe('logged-in');
  });

  it('closes when the customer is active in another tab', () => {
    logIn();
    render(<InactivityWarning timing={timing} />);
    advance(12);
    expect(dialog()).toBeInTheDocument();
    const at = String(Date.now());
    act(() => {
      localStorage.setItem(ACTIVITY_KEY, at);
      window.dispatchEvent(new StorageEvent('storage', { key: ACTIVITY_KEY, newValue: at }));
    });
    expect(dialog()).not.toBeInTheDocument();
    advance(9);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('does not let a key pressed inside the open dialog silently close it', () => {
    logIn();
    render(<InactivityWarning timing={timing} />);
    advance(10);
    fireEvent.keyDown(screen.getByRole('button', { name: t.continue }), { key: 'Tab' });
    expect(dialog()).toBeInTheDocument();
  });

  it('logs out at zero with the reason inactive, which the other tabs read', () => {
    logIn();
    render(<InactivityWarning timing={timing} />);
    advance(15);
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: 'inactive' });
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem(END_REASON_KEY)).toBe('inactive');
    expect(dialog()).not.toBeInTheDocument();
  });

  it('catches up after the tab slept: the time, not the ticks, decides', () => {
    logIn();
    render(<InactivityWarning timing={timing} />);
    // The clock jumps without the interval firing (a sleeping laptop).
    act(() => vi.setSystemTime(START + 20_000));
    advance(1);
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: 'inactive' });
  });

  it('never warns on a logged-out page', () => {
    render(<InactivityWarning timing={timing} />);
    advance(60);
    expect(dialog()).not.toBeInTheDocument();
    expect(useAuthStore.getState().endedBy).toBeNull();
  });
});

describe('the clock and its announcement points', () => {
  it('formats mm:ss', () => {
    expect(formatClock(120)).toBe('02:00');
    expect(formatClock(65)).toBe('01:05');
    expect(formatClock(9)).toBe('00:09');
  });

  it('announces each minute, then 30 and 10 seconds', () => {
    expect([120, 119, 61, 60, 31, 30, 11, 10, 1].map(announcementPoint)).toEqual([
      120, 120, 120, 60, 60, 30, 30, 10, 10,
    ]);
  });
});
