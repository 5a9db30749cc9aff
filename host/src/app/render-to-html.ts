import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/** How long after the deadline a render still running is cut short. */
const ABORT_GRACE_MS = 250;

/** Renders to one string: the page waits for every boundary, so it needs no inline script. */
export function renderToHtml(
  element: ReactNode,
  deadline: number,
  onError: (error: unknown) => void = () => {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += String(chunk);
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // A slot still loading at the deadline is sent as its reserved place and rendered by
      // the browser; waiting for all keeps React's out-of-order scripts out of the page.
      onAllReady: () => {
        clearTimeout(timer);
        stream.pipe(sink);
      },
      // Never outlined: a large boundary would otherwise be sent after the shell and put in
      // place by React's inline script, which the page's CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
      // React reads what onError returns as a digest: nothing here.
      onError: (error) => {
        onError(error);
      },
    });
    // A last resort: slots give up at the deadline themselves; this ends anything else.
    timer = setTimeout(
      () => stream.abort(new Error('server render deadline')),
      Math.max(0, deadline - Date.now()) + ABORT_GRACE_MS,
    );
  });
}
