import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectConsoleError } from 'shared/testing/setup-tests';
import type { LoadRemoteModule } from '../slots/remote-loader';
import { RemoteLoaderContext } from '../slots/remote-loader';
import { RemoteSlot } from '../slots/remote-slot';
import { captureBeacons } from '../testing/capture-beacons';
import { startRum } from './rum-reporter';
import { SliceReleasesContext } from './slice-releases';

// A beacon carries labels only (decision 029): whatever a customer typed, and whatever an
// error says about it, stays in the page.

const PERSONAL_NUMBER = '01024056789';
const AMOUNT = '48250';
const MESSAGE = 'განაცხადი ვერ გაიგზავნა';
const HOME = 'https://cdn.lender.ge/home/releases/abc123def456';

/** An error as careless code makes it: the customer's data in its message and its stack. */
function leakyError(): Error {
  const error = new Error(`${MESSAGE}: ${PERSONAL_NUMBER}, ${AMOUNT} ₾`);
  error.stack = [
    `Error: ${MESSAGE}: ${PERSONAL_NUMBER}, ${AMOUNT} ₾`,
    `    at submit (${HOME}/static/js/451.js?pn=${PERSONAL_NUMBER}&amount=${AMOUNT}:1:10)`,
  ].join('\n');
  return error;
}

function ApplicationForm() {
  return (
    <form aria-label="განაცხადი">
      <label>
        პირადი ნომერი
        <input name="personalNumber" />
      </label>
      <label>
        თანხა
        <input name="amount" inputMode="decimal" />
      </label>
    </form>
  );
}

const failingSlot = (() => Promise.reject(leakyError())) as unknown as LoadRemoteModule;

describe('what the page’s beacons carry', () => {
  const page = captureBeacons();

  it('is neither what the customer typed nor any message text', async () => {
    expectConsoleError(new RegExp(MESSAGE));
    startRum({
      remotes: [{ name: 'remote_home', manifestUrl: `${HOME}/mf-manifest.json` }],
      sampleRate: 1,
      route: () => 'index',
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RemoteLoaderContext value={failingSlot}>
          <SliceReleasesContext value={{ remote_home: 'abc123def456' }}>
            <div data-slice="remote_loans" data-release="dev">
              <ApplicationForm />
            </div>
            <RemoteSlot id="remote_home/LoanCalculator" label="კალკულატორი" />
          </SliceReleasesContext>
        </RemoteLoaderContext>
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'პირადი ნომერი' }), PERSONAL_NUMBER);
    await userEvent.type(screen.getByRole('textbox', { name: 'თანხა' }), AMOUNT);
    await screen.findByRole('alert');

    window.dispatchEvent(
      new ErrorEvent('error', {
        error: leakyError(),
        message: leakyError().message,
        filename: `${HOME}/static/js/451.js?pn=${PERSONAL_NUMBER}`,
      }),
    );
    window.dispatchEvent(
      new PromiseRejectionEvent('unhandledrejection', {
        promise: Promise.resolve(),
        reason: leakyError(),
      }),
    );
    window.dispatchEvent(
      new PromiseRejectionEvent('unhandledrejection', {
        promise: Promise.resolve(),
        reason: `${PERSONAL_NUMBER} ${AMOUNT}`,
      }),
    );
    page.leave();

    // What was sent is what happened: the slot, its failure, the error and the rejections.
    const kinds = page.events().map((event) => (event.type === 'error' ? event.kind : event.type));
    expect(kinds).toEqual(['view', 'slot', 'uncaught', 'rejection', 'rejection']);
    expect(page.bodies.length).toBeGreaterThan(0);
    for (const body of page.bodies) {
      expect(body).not.toContain(PERSONAL_NUMBER);
      expect(body).not.toContain(AMOUNT);
      expect(body).not.toContain(MESSAGE);
      expect(body).not.toMatch(/Error|submit|static\/js|\?pn=|₾/);
      // Labels only: each event's keys are the contract's.
      for (const event of JSON.parse(body).events) {
        expect(Object.keys(event).sort()).toEqual(
          event.type === 'error'
            ? ['kind', 'release', 'slice', 'type']
            : ['release', 'slice', 'type'],
        );
      }
    }
  });
});
