/*
 * What a page server says of its own health, on its loopback metrics port (`GET /health`,
 * metrics-server): whether it renders pages on the server, or sends them all for the browser
 * to render because its runtime cannot start a render worker (render/worker-starts).
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

/** The page server's health, read when asked: the renderer tells it what it knows. */
export class HealthReport {
  private serverRender: () => ServerRenderHealth = () => ({ state: 'off' });

  /** Where the server render's state is read from (host-app, once it has a renderer). */
  watchServerRender(read: () => ServerRenderHealth): void {
    this.serverRender = read;
  }

  read(): PageServerHealth {
    const serverRender = this.serverRender();
    return { status: serverRender.state === 'unavailable' ? 'degraded' : 'ok', serverRender };
  }
}
