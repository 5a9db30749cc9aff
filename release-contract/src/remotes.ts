/**
 * The federation contract, written once: each remote's workspace folder, its federation name
 * and the modules it exposes. Pure data and types, so the host's browser code may read it (its
 * runtime configuration's names, its slots' ids) as well as the build: each remote's `exposes`
 * map `satisfies ExposesOf<its name>`, and `apps.ts` gives each remote its port and
 * variables from this list.
 */
export const REMOTES = [
  {
    folder: 'remote-home',
    name: 'remote_home',
    modules: ['LoanCalculator', 'HomeSlider', 'QuestionAnswers'],
  },
  {
    folder: 'remote-account',
    name: 'remote_account',
    modules: ['AccountEntry', 'RecoveryPage', 'VerificationSteps', 'ComplaintsPage'],
  },
  {
    folder: 'remote-loans',
    name: 'remote_loans',
    modules: ['LoansOverview', 'LoanApplication', 'OverdueNotice', 'NextPayment', 'PaymentOutcome'],
  },
] as const;

type Remote = (typeof REMOTES)[number];
export type RemoteName = Remote['name'];
export type RemoteFolder = Remote['folder'];

/** Every exposed module by the id the host loads it with, `remote_home/LoanCalculator`. */
export type RemoteModuleId = {
  [R in Remote as R['name']]: `${R['name']}/${R['modules'][number]}`;
}[RemoteName];

/** What a remote's `exposes` map must be: each of its modules, by `./Name`, and nothing else. */
export type ExposesOf<Name extends RemoteName> = {
  [M in Extract<Remote, { name: Name }>['modules'][number] as `./${M}`]: string;
};

// A tuple, as an enum of names needs one; REMOTES is one.
export const REMOTE_NAMES = REMOTES.map((remote) => remote.name) as unknown as readonly [
  RemoteName,
  ...RemoteName[],
];

export const isRemoteName = (name: unknown): name is RemoteName =>
  (REMOTE_NAMES as readonly unknown[]).includes(name);

export function remoteNameOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

/**
 * How a release's bytes are pinned (decision 025): a Subresource Integrity value of SHA-384,
 * the form the browser's `integrity` attribute takes.
 */
export const INTEGRITY = /^sha384-[A-Za-z0-9+/]{64}$/;

/**
 * The entry types a pinned release may have: those the browser loads through a `<script>`
 * that carries the entry's pin. A `module` (or `esm`, `system`) entry is `import()`ed, which no
 * pin reaches (issue 45): a rollout refuses it, and so does the browser.
 */
export const SCRIPT_ENTRY_TYPES: readonly string[] = ['global', 'var'];
