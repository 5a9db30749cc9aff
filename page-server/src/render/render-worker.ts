import { createRequire } from 'node:module';
import type { HostServerEntry, RemoteModuleMap, ServerSlotModule } from 'host/render-entry';
import type { RemoteModuleId } from 'release-contract/remotes';
import { remoteNameOf } from 'release-contract/remotes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { type ConfiguredRemote, RemoteReleases } from '../releases/remote-releases';
import {
  type FromWorker,
  HOST_TENANT,
  slotToken,
  type ToWorker,
  toWorkerSchema,
  workerInitSchema,
} from './render-protocol';

/*
 * A render worker (decision 032): a child process of the page server, started with Node's
 * permission model (it reads its own file and the render bundle, nothing else; it writes
 * nothing, starts no process or thread), an environment without secrets and, where the machine
 * allows, a user of its own. A worker is the host's — the customer's account, the page around
 * the slots — or one slice's: it holds that remote's current release and renders its slots. It
 * answers the page server's questions; it decides nothing about the page.
 */

const send = (message: FromWorker) => {
  process.send?.(message);
};

const report = (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  send({ type: 'error', message: message.slice(0, 2_000) });
};

/*
 * A worker has no network: Node 26's permission model refuses it every socket (issue 56, row
 * 5). Node 24's allows them all, and a worker it ran would reach whatever the machine reaches:
 * on a Node before 25 it refuses to start, and the page server sends pages for the browser to
 * render (worker-starts).
 */
if (Number(process.versions.node.split('.')[0]) < 25) {
  console.error(
    `node ${process.versions.node}: its permission model leaves the network open to a slice's code`,
  );
  process.exit(1);
}

const init = workerInitSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
// The host's server entry, from the host's own build (host/dist-server/render-page.cjs): its
// interface is declared by host/render-entry, its code compiled by the host, not by the page server.
const bundle = createRequire(import.meta.url)(init.bundle) as HostServerEntry;

type PageServerAnswer = Extract<ToWorker, { type: 'answer' | 'file' }>;

/** The page server's answers to come, by what this worker asked. */
const fetched = new Map<number, (answer: PageServerAnswer) => void>();
let asked = 0;

/** Asks the page server (the worker's only way out) and waits for its answer. */
function askPageServer<Answer extends PageServerAnswer = Extract<ToWorker, { type: 'answer' }>>(
  question: (ask: number) => FromWorker,
): Promise<Answer> {
  return new Promise((resolve) => {
    asked += 1;
    // The page server answers an ask with the kind its question was given (render-pool).
    fetched.set(asked, (answer) => resolve(answer as Answer));
    send(question(asked));
  });
}

/** A customer's page's GET, answered by the page server with the session it holds. */
const customerFetch = (request: number) => async (url: string) => {
  const { status, data } = await askPageServer((ask) => ({ type: 'fetch', id: request, ask, url }));
  return { status, data };
};

/** A visitor's page's GET of the provider, asked by the page server without a session. */
const publicFetch = async (url: string) => {
  const { status, data } = await askPageServer((ask) => ({ type: 'public', ask, url }));
  return { status, data };
};

/** `fetch` for this worker's remote's release files, fetched by the page server. */
const releaseFetch: typeof fetch = async (input, options) => {
  const url = input instanceof Request ? input.url : String(input);
  const answer = askPageServer<Extract<ToWorker, { type: 'file' }>>((ask) => ({
    type: 'file',
    ask,
    url,
  }));
  const signal = options?.signal;
  signal?.throwIfAborted();
  // The caller's timeout still holds: the answer is not waited for past it.
  const { status, body } = await new Promise<Extract<ToWorker, { type: 'file' }>>(
    (resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      answer.then(resolve);
    },
  );
  // A Response has a body only with a status of 200–599 (but 204, 205 and 304).
  return new Response(body ? Buffer.from(body, 'base64') : null, { status });
};

bundle.setProviderAddress(init.apiUpstream, undefined, publicFetch);

/** The releases this worker refused while loading (their bytes are not the registered ones). */
let refusedWhileLoading = false;
const releases = new RemoteReleases({
  sharedScope: bundle.sharedScope,
  fetch: releaseFetch,
  ...(init.revalidateMs !== undefined ? { revalidateMs: init.revalidateMs } : {}),
  unpinned: init.unpinned,
  onRefused: (error) => {
    refusedWhileLoading = true;
    report(error);
  },
});

/** This worker's remote as the page's configuration names it. */
function ownRemote(config: RuntimeConfig): ConfiguredRemote | undefined {
  return config.remotes.find((remote) => remote.name === init.tenant);
}

/** A slot's module of this worker's remote's current release (rejects: the browser renders it). */
async function loadSlot<Id extends RemoteModuleId>(
  config: RuntimeConfig,
  id: Id,
): Promise<ServerSlotModule<Id>> {
  const name = remoteNameOf(id);
  const remote = ownRemote(config);
  if (name !== init.tenant || !remote) throw new Error(`${id} is not this worker's to render`);
  const release = await releases.current(remote);
  const moduleName = id.slice(name.length + 1);
  const load = release?.modules[moduleName];
  if (!release || !load) throw new Error(`${id} has no server code in its current release`);
  const module = (await load()) as RemoteModuleMap[Id];
  return { module, release: release.id, styles: release.styles[moduleName] ?? [] };
}

async function answer(
  message: Extract<ToWorker, { type: 'account' | 'load' | 'slots' | 'shell' }>,
) {
  // The page server validated the configuration before it sent it (release-contract/config-from-env).
  const config = message.config as RuntimeConfig;
  switch (message.type) {
    case 'account': {
      const account = await bundle.prepareAccount({
        config,
        customerFetch: customerFetch(message.id),
        deadline: message.deadline,
      });
      send({ type: 'account', id: message.id, ...account });
      return;
    }
    case 'load': {
      const remote = ownRemote(config);
      refusedWhileLoading = false;
      const release = remote ? await releases.current(remote) : undefined;
      const outcome = release ? 'evaluated' : refusedWhileLoading ? 'refused' : 'none';
      send({ type: 'loaded', id: message.id, outcome });
      return;
    }
    case 'slots': {
      const slots = await bundle.renderSlots({
        url: message.url,
        audience: message.audience,
        config,
        slots: message.slots as RemoteModuleId[],
        account: message.account,
        loadSlot: (id) => loadSlot(config, id),
        ...(message.audience === 'customer' ? { customerFetch: customerFetch(message.id) } : {}),
        deadline: message.deadline,
        seam: String(message.id),
        onError: report,
      });
      send({ type: 'slots', id: message.id, slots });
      return;
    }
    case 'shell': {
      const page = await bundle.renderShell({
        url: message.url,
        audience: message.audience,
        config,
        account: message.account,
        ready: message.ready as RemoteModuleId[],
        token: (index) => slotToken(message.nonce, index),
        deadline: message.deadline,
        onError: report,
      });
      send({ type: 'shell', id: message.id, page });
      return;
    }
  }
}

/** The answer to a question whose work threw: nothing rendered, nothing known. */
function failed(
  message: Extract<ToWorker, { type: 'account' | 'load' | 'slots' | 'shell' }>,
): FromWorker {
  switch (message.type) {
    case 'account':
      return {
        type: 'account',
        id: message.id,
        known: false,
        state: { queries: [], mutations: [] },
      };
    case 'load':
      return { type: 'loaded', id: message.id, outcome: 'none' };
    case 'slots':
      return {
        type: 'slots',
        id: message.id,
        slots: message.slots.map((slot) => ({ slot, outcome: 'failed' as const })),
      };
    case 'shell':
      return { type: 'shell', id: message.id, page: null };
  }
}

process.on('message', (raw) => {
  const message = toWorkerSchema.parse(raw);
  switch (message.type) {
    case 'answer':
    case 'file':
      fetched.get(message.ask)?.(message);
      fetched.delete(message.ask);
      return;
    case 'memory': {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const { heapUsed, rss } = process.memoryUsage();
      send({ type: 'memory', heapUsed, rss });
      return;
    }
    default:
      if (
        (message.type === 'account' || message.type === 'shell') !==
        (init.tenant === HOST_TENANT)
      ) {
        report(new Error(`a ${message.type} is not a ${init.tenant} worker's to answer`));
        return;
      }
      answer(message).catch((error: unknown) => {
        // Answered all the same: a question left open would be judged as a worker stuck.
        report(error);
        send(failed(message));
      });
  }
});

// The page server gone, this worker goes too.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
