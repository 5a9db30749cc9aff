import { createRequire } from 'node:module';
import type { RemoteModuleId } from 'tooling/remotes';
import { remoteNameOf } from 'tooling/remotes';
import type { RuntimeConfig } from '../../src/contract/runtime-config';
import type { RemoteModuleMap } from '../../src/federation/remote-modules';
import { RemoteReleases } from '../releases/remote-releases';
import type { renderPage, ServerSlotModule, setProviderAddress } from './render-page';
import {
  type FromWorker,
  quarantineKey,
  type SliceCode,
  type ToWorker,
  toWorkerSchema,
  workerInitSchema,
} from './render-protocol';

/*
 * A render worker (decision 026): a child process of the page server, started with Node's
 * permission model (it reads its own file and the render bundle, nothing else; it writes
 * nothing, starts no process or thread) and an environment without secrets. It holds each
 * remote's current release, runs the slices' server code, and sends the page server each page
 * it renders. The page server stops it when its event loop stops turning.
 */

/** What the host's render bundle (dist-ssr/render-page.cjs, tooling/rspack/server-config) exports. */
interface RenderBundle {
  renderPage: typeof renderPage;
  setProviderAddress: typeof setProviderAddress;
  sharedScope: Record<string, () => unknown>;
}

const send = (message: FromWorker) => {
  process.send?.(message);
};

/** A slot whose release's code is still on trial in another worker: no failure, not logged. */
class OnTrialElsewhere extends Error {
  override readonly name = 'OnTrialElsewhere';
}

const report = (error: unknown) => {
  if (error instanceof OnTrialElsewhere) return;
  send(
    error instanceof Error
      ? { type: 'error', message: error.message, ...(error.stack ? { stack: error.stack } : {}) }
      : { type: 'error', message: String(error) },
  );
};

const init = workerInitSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
const bundle = createRequire(import.meta.url)(init.bundle) as RenderBundle;
bundle.setProviderAddress(init.apiUpstream);

/** Releases and slots that stopped a worker before this one, as the page server names them. */
let quarantined = new Set<string>();
/** What the page server let this worker run. */
const allowed = new Set<string>();

/** The page server's answers to come, by question. */
const answers = new Map<number, (allowed: boolean) => void>();
let asked = 0;

/** The provider's answers for customers' pages to come, by question. */
const fetched = new Map<number, (answer: { status: number; data: unknown }) => void>();

/** A customer's page's GET, answered by the page server with the session it holds. */
const customerFetch = (page: number) => (url: string) =>
  new Promise<{ status: number; data: unknown }>((resolve) => {
    asked += 1;
    fetched.set(asked, resolve);
    send({ type: 'fetch', page, ask: asked, url });
  });

/** Asks the page server whether a slice's code may run here (render-pool's canary). */
async function mayRun(code: SliceCode, page?: number): Promise<boolean> {
  const key = quarantineKey(code.remote, code.release, code.slot);
  if (allowed.has(key)) return true;
  asked += 1;
  const ask = asked;
  const answer = await new Promise<boolean>((resolve) => {
    answers.set(ask, resolve);
    send({ type: 'may-run', ask, code, ...(page !== undefined ? { page } : {}) });
  });
  if (answer) allowed.add(key);
  return answer;
}

const releases = new RemoteReleases({
  sharedScope: bundle.sharedScope,
  ...(init.revalidateMs !== undefined ? { revalidateMs: init.revalidateMs } : {}),
  unpinned: init.unpinned,
  onRefused: (error, remote, release) => {
    report(error);
    send({ type: 'refused', remote, release });
  },
  mayEvaluate: (remote, release) => mayRun({ remote, release, kind: 'evaluate' }),
  onEvaluate: (remote, release, phase) =>
    send({ type: phase, code: { remote, release, kind: 'evaluate' } }),
});

/** The slot's module of its remote's current release (rejects: the browser renders it). */
async function loadSlot<Id extends RemoteModuleId>(
  config: RuntimeConfig,
  id: Id,
  styles: Set<string>,
  page: Extract<ToWorker, { type: 'render' }>,
): Promise<ServerSlotModule<Id>> {
  if (page.shellOnly) throw new Error(`${id} is left to the browser: a render worker stopped`);
  const name = remoteNameOf(id);
  const remote = config.remotes.find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`${name} is not configured`);
  const release = await releases.current(remote);
  const moduleName = id.slice(name.length + 1);
  const load = release?.modules[moduleName];
  if (!release || !load) throw new Error(`${id} has no server code in its current release`);
  if (
    quarantined.has(quarantineKey(name, release.id)) ||
    quarantined.has(quarantineKey(name, release.id, id))
  ) {
    throw new Error(`${id} of release ${release.id} stopped a render worker: it is the browser's`);
  }
  const code: SliceCode = { remote: name, release: release.id, kind: 'slot', slot: id };
  if (!(await mayRun(code, page.id))) {
    throw new OnTrialElsewhere(`${id} of release ${release.id} is on trial in another worker`);
  }
  const module = (await load()) as RemoteModuleMap[Id];
  for (const sheet of release.styles[moduleName] ?? []) styles.add(sheet);
  return { module, release: release.id };
}

async function render(message: Extract<ToWorker, { type: 'render' }>): Promise<void> {
  quarantined = new Set(message.quarantined);
  // The page server validated it before it sent it (host/server/config-from-env).
  const config = message.config as RuntimeConfig;
  const styles = new Set<string>();
  try {
    const rendered = await bundle.renderPage({
      url: message.url,
      audience: message.audience,
      config,
      deadline: message.deadline,
      loadSlot: (id) => loadSlot(config, id, styles, message),
      ...(message.audience === 'customer' ? { customerFetch: customerFetch(message.id) } : {}),
      onError: report,
      onSliceCode: (slot, release, phase) =>
        send({ type: phase, code: { remote: remoteNameOf(slot), release, kind: 'slot', slot } }),
    });
    send({
      type: 'rendered',
      id: message.id,
      page: rendered.kind === 'page' ? { ...rendered, styles: [...styles] } : rendered,
    });
  } catch (error) {
    send({ type: 'failed', id: message.id, message: String(error) });
  }
}

process.on('message', (raw) => {
  const message = toWorkerSchema.parse(raw);
  if (message.type === 'render') {
    void render(message);
    return;
  }
  if (message.type === 'may-run') {
    answers.get(message.ask)?.(message.allowed);
    answers.delete(message.ask);
    return;
  }
  if (message.type === 'answer') {
    fetched.get(message.ask)?.({ status: message.status, data: message.data });
    fetched.delete(message.ask);
    return;
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  send({ type: 'memory', heapUsed, rss });
});

// The page server gone, this worker goes too.
process.on('disconnect', () => process.exit(0));
// A turning event loop says so; a slice's code that never yields stops it saying anything.
setInterval(() => send({ type: 'beat' }), init.beatMs);
send({ type: 'ready' });
