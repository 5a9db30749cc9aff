/*
 * What a page server says of its own health, on its metrics port (metrics-server): whether it
 * renders pages on the server, or sends them all for the browser to render because its runtime
 * cannot start a render worker (render/worker-starts); and whether it takes new pages at all
 * (a load balancer's or a cluster's readiness: not while its renderer starts, nor once it drains).
 */

/** The server render's state. */
export type ServerRenderHealth =
  /** Built without a render bundle: every page is the browser's by design. */
  | { state: 'off' }
  | { state: 'starting' | 'running' }
  /** No render worker could start on this runtime: every page is the browser's to render. */
  | { state: 'unavailable'; why: string };

export interface PageServerHealth {
  /** `degraded`: it serves pages, without something it should have (the server render). */
  status: 'ok' | 'degraded';
  serverRender: ServerRenderHealth;
}

/** Whether the page server should be sent new pages, and why not. */
export type Readiness = { ready: true } | { ready: false; why: 'renderer starting' | 'draining' };

/** The page server's health, read when asked: the renderer tells it what it knows. */
export class HealthReport {
  private serverRender: () => ServerRenderHealth = () => ({ state: 'off' });
  private draining = false;

  /** Where the server render's state is read from (page-server-app, once it has a renderer). */
  watchServerRender(read: () => ServerRenderHealth): void {
    this.serverRender = read;
  }

  /** It is stopping: readiness fails from now on, so balancers stop sending it pages first. */
  drain(): void {
    this.draining = true;
  }

  read(): PageServerHealth {
    const serverRender = this.serverRender();
    return { status: serverRender.state === 'unavailable' ? 'degraded' : 'ok', serverRender };
  }

  /**
   * Ready once its renderer has started (or is off, or cannot start on this runtime: it serves
   * pages for the browser to render then, degraded but useful), until it drains.
   */
  readiness(): Readiness {
    if (this.draining) return { ready: false, why: 'draining' };
    if (this.serverRender().state === 'starting') return { ready: false, why: 'renderer starting' };
    return { ready: true };
  }
}
