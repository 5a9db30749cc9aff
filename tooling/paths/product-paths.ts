import type { ProductPath } from './trace-paths.ts';

/*
 * The three paths a newcomer follows first (issue 57), written as the steps the code takes,
 * each leg from a file to one it reaches: by imports (the files on its shortest import routes
 * are on the path) or at run time, where the leg says how (decision 047). `pnpm paths` measures them
 * against today's imports and fails when a leg no longer connects or a path turns back.
 */

const RENDER = 'page-server/src/render';
const HOST_ENTRY = 'host/src/server/render-page.tsx';
const API_CLIENT = 'shared/src/api/api-client.ts';
const REMOTE_SLOT = 'host/src/slots/remote-slot.tsx';

const CALCULATOR = 'remote-home/src/features/calculator/components/loan-calculator.tsx';

/** A visitor's `GET /` until the calculator's figures are in the HTML. */
const visitorHomePage: ProductPath = {
  name: "a visitor's GET / → the calculator's figures in the HTML",
  legs: [
    // The page server asks the page's parts of its render workers.
    { from: 'page-server/src/page-server-app.ts', to: `${RENDER}/render-pool.ts` },
    { from: `${RENDER}/render-pool.ts`, to: `${RENDER}/worker-dispatch.ts` },
    {
      from: `${RENDER}/worker-dispatch.ts`,
      to: `${RENDER}/worker-channel.ts`,
      how: "the worker's channel, made when it started",
      kind: 'runs',
    },
    {
      from: `${RENDER}/worker-channel.ts`,
      to: `${RENDER}/render-worker.ts`,
      how: 'a child process runs the worker script',
      kind: 'runs',
    },
    // The slice's worker loads its pinned release and the host's server entry.
    { from: `${RENDER}/render-worker.ts`, to: 'page-server/src/releases/remote-releases.ts' },
    {
      from: `${RENDER}/render-worker.ts`,
      to: HOST_ENTRY,
      how: "the worker loads the host's built server entry",
      kind: 'runs',
    },
    { from: HOST_ENTRY, to: 'host/src/app/pages/index-page.tsx' },
    { from: 'host/src/app/pages/index-page.tsx', to: REMOTE_SLOT },
    {
      from: REMOTE_SLOT,
      to: CALCULATOR,
      how: "the slot renders the slice's exposed module, which the worker loaded",
      kind: 'runs',
    },
    // The calculator asks for its figures and renders them.
    { from: CALCULATOR, to: 'shared/src/ui/loan-figures.tsx' },
    { from: CALCULATOR, to: 'shared/src/api/loan/calculator.ts' },
    { from: 'shared/src/api/loan/calculator.ts', to: API_CLIENT },
    // On the server the question leaves through the adapters the host's entry set.
    {
      from: API_CLIENT,
      to: 'host/src/server/customer-answers.ts',
      how: "axios's adapter, set by the host's entry",
      kind: 'calls back',
    },
    {
      from: 'host/src/server/customer-answers.ts',
      to: 'host/src/server/public-answer-cache.ts',
      how: 'the next adapter, as the entry composed them',
      kind: 'calls back',
    },
    {
      from: 'host/src/server/public-answer-cache.ts',
      to: `${RENDER}/render-worker.ts`,
      how: "the worker's public fetch, handed to the entry",
      kind: 'calls back',
    },
    {
      from: `${RENDER}/render-worker.ts`,
      to: `${RENDER}/worker-dispatch.ts`,
      how: 'a message to the page server',
      kind: 'calls back',
    },
    { from: `${RENDER}/worker-dispatch.ts`, to: `${RENDER}/worker-network.ts` },
    // The slot's markup is cut out and put into the page's document.
    { from: HOST_ENTRY, to: 'host/src/slots/slot-markup.ts' },
    { from: 'page-server/src/page-server-app.ts', to: `${RENDER}/compose-page.ts` },
    { from: 'page-server/src/page-server-app.ts', to: 'release-contract/src/page-document.ts' },
  ],
};

const LOANS = 'remote-loans/src';
const CARD = `${LOANS}/features/card-payment`;

/** A customer presses pay on the next instalment → the order → the bank → the outcome page. */
const payNextInstalment: ProductPath = {
  name: 'pay the next instalment → the order → the bank → the outcome',
  legs: [
    { from: `${LOANS}/app/next-payment.tsx`, to: `${LOANS}/app/repay-form.tsx` },
    { from: `${LOANS}/app/repay-form.tsx`, to: `${CARD}/components/card-payment-confirm.tsx` },
    { from: `${CARD}/components/card-payment-confirm.tsx`, to: `${CARD}/api/create-order.ts` },
    { from: `${CARD}/api/create-order.ts`, to: `${CARD}/lib/attempt-key.ts` },
    { from: `${CARD}/api/create-order.ts`, to: `${CARD}/api/payment-orders.ts` },
    { from: `${CARD}/api/payment-orders.ts`, to: API_CLIENT },
    { from: `${CARD}/components/card-payment-confirm.tsx`, to: `${CARD}/lib/leave-page.ts` },
    {
      from: `${CARD}/lib/leave-page.ts`,
      to: 'host/src/app/router.tsx',
      how: "the bank's page sends the customer back to /payment/…",
      kind: 'new page',
    },
    { from: 'host/src/app/router.tsx', to: 'host/src/app/pages/payment-page.tsx' },
    { from: 'host/src/app/pages/payment-page.tsx', to: REMOTE_SLOT },
    {
      from: REMOTE_SLOT,
      to: `${LOANS}/app/payment-outcome.tsx`,
      how: "the slot loads the slice's exposed module",
      kind: 'runs',
    },
    { from: `${LOANS}/app/payment-outcome.tsx`, to: `${CARD}/hooks/use-order-outcome.ts` },
    { from: `${CARD}/hooks/use-order-outcome.ts`, to: `${CARD}/api/payment-orders.ts` },
  ],
};

const ROLLOUT = 'deploy/rollout';
const RELEASES = 'page-server/src/releases';

/** A slice's release canaried, judged from Prometheus, promoted or rolled back. */
const releaseRollout: ProductPath = {
  name: "a slice's release canaried, judged, rolled back",
  legs: [
    // The operator's command changes the slice's state and publishes the signed document.
    { from: 'deploy/cli.ts', to: `${ROLLOUT}/commands.ts` },
    { from: `${ROLLOUT}/commands.ts`, to: `${ROLLOUT}/rollout.ts` },
    { from: `${ROLLOUT}/commands.ts`, to: `${ROLLOUT}/deployed-store.ts` },
    { from: 'deploy/cli.ts', to: 'deploy/nginx/site.ts' },
    // nginx's stand-in pages are written again with the releases the step pinned.
    { from: 'deploy/nginx/site.ts', to: 'release-contract/src/page-document.ts' },
    // The page servers take the document and serve the canary its share.
    {
      from: `${ROLLOUT}/deployed-store.ts`,
      to: `${RELEASES}/releases-source.ts`,
      how: 'the page servers read the signed document the rollout published',
      kind: 'runs',
    },
    { from: `${RELEASES}/releases-source.ts`, to: 'release-contract/src/signed-releases.ts' },
    {
      from: `${RELEASES}/releases-source.ts`,
      to: `${RELEASES}/canary.ts`,
      how: "the page server's configuration, read per page",
      kind: 'runs',
    },
    // The canary is judged from Prometheus's figures, then promoted or rolled back.
    { from: `${ROLLOUT}/commands.ts`, to: `${ROLLOUT}/watch-canary.ts` },
    { from: `${ROLLOUT}/watch-canary.ts`, to: `${ROLLOUT}/prometheus-figures.ts` },
    { from: `${ROLLOUT}/watch-canary.ts`, to: `${ROLLOUT}/canary-judge.ts` },
    { from: `${ROLLOUT}/canary-judge.ts`, to: `${ROLLOUT}/rate-difference.ts` },
  ],
};

export const PRODUCT_PATHS: readonly ProductPath[] = [
  visitorHomePage,
  payNextInstalment,
  releaseRollout,
];
