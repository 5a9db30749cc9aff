import { notePresses } from '../slots/early-press-handoff';

/*
 * The first script of a page the server rendered whole (decision 031). Its first screen is the
 * server's HTML, which paints without the host's scripts: asked for with the page, they shared
 * the connection with its stylesheets and fonts, and on a fast one ran before its first paint.
 * They are asked for once the page has painted, in the order the server lists them
 * (`data-scripts`). Until they run, a press on a button is noted for the host, which makes it
 * once the part pressed is hydrated (slots/early-press).
 */

/** Calls `then` after the next frame has painted: a frame's callbacks run just before it. */
function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/** Adds the scripts `holder` lists to the page once it has painted; they run in order. */
export function startAfterPaint(holder: HTMLOrSVGScriptElement | null): void {
  const sources = holder?.dataset.scripts?.split(' ').filter(Boolean) ?? [];
  if (sources.length === 0) return;
  notePresses();
  afterNextPaint(() => {
    for (const source of sources) {
      const script = document.createElement('script');
      script.src = source;
      // A script added by a script runs as soon as it arrives, unless told to keep its order.
      script.async = false;
      document.head.append(script);
    }
  });
}
