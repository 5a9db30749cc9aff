// The host's federation runtime plugin that lends the remotes its federation utilities.
//
// The remotes' production containers already run on the host's runtime core
// (externalRuntime); they are built with the federation SDK and error codes as externals too
// (tooling/rspack/app-config, decision 014), about 6 KB gzip less per remote entry. Both are
// stateless helpers. The runtime itself and the bundler runtime stay in every container: they
// hold the container's own federation instance.
//
// CommonJS on purpose: `require` resolves the very files (the packages' .cjs builds) the
// host's embedded federation runtime already runs, so lending them adds nothing to its script.
const utilities = {
  _FEDERATION_SDK: require('@module-federation/sdk'),
  _FEDERATION_ERROR_CODES: require('@module-federation/error-codes'),
};

for (const [name, value] of Object.entries(utilities)) {
  if (!globalThis[name]) globalThis[name] = value;
}

module.exports = function provideRuntimeUtilitiesPlugin() {
  return { name: 'provide-runtime-utilities-plugin' };
};
