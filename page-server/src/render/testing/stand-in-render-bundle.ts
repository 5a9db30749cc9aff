/**
 * The render bundle's three parts, as plain as can be: a slot renders what its module's default
 * export returns (given the page's customer fetch, or on a visitor's page the public one the
 * worker answers through the page server), the shell lists the slots' places.
 */
export const RENDER_BUNDLE = `
exports.sharedScope = {};
let publicFetch;
exports.setProviderAddress = (_base, _timeout, fetch) => { publicFetch = fetch; };
exports.prepareAccount = async (options) => {
  const answer = await options.customerFetch('/api/user/details/');
  return { known: answer.status === 200, state: { queries: [], mutations: [] } };
};
exports.renderSlots = async (options) => Promise.all(options.slots.map(async (slot) => {
  try {
    const loaded = await options.loadSlot(slot);
    const html = String(await loaded.module.default({ fetch: options.customerFetch ?? publicFetch }));
    return { slot, outcome: 'rendered', html, release: loaded.release,
      queries: { queries: [], mutations: [] }, styles: [] };
  } catch (error) {
    options.onError?.(error);
    return { slot, outcome: 'failed' };
  }
}));
exports.renderShell = async (options) => ({
  status: 200,
  html: options.ready.map((_, index) => options.token(index)).join('|'),
  router: { loaderData: {}, actionData: null, errors: null },
});`;
