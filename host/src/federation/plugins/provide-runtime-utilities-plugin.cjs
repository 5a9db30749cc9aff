// The host's federation runtime plugin that lends the remotes its federation utilities.
//
// The remotes' production containers already run on the host's runtime core
// (externalRuntime); they are built with the federation SDK and error codes as externals too
// (tooling/rspack/app-config, decision 014), about 6 KB gzip less per remote entry, and with
// the bundler runtime's functions (decision 031), about 3 KB more. All are stateless helpers:
// each takes the container's own state as an argument (its `__webpack_require__`). What holds
// state stays in every container: the bundler runtime's `federation` object (the container's
// instance, options and share scopes) and the runtime package around the core.
//
// CommonJS on purpose: `require` resolves the very files (the packages' .cjs builds) the
// host's embedded federation runtime already runs, so lending them adds nothing to its script.
const utilities = {
  _FEDERATION_SDK: require('@module-federation/sdk'),
  _FEDERATION_ERROR_CODES: require('@module-federation/error-codes'),
  // Keyed by the file the bundler runtime's index asks for (tooling/rspack/app-config).
  _FEDERATION_BUNDLER_FUNCTIONS: {
    attachShareScopeMap: require('@module-federation/webpack-bundler-runtime/dist/attachShareScopeMap.cjs'),
    consumes: require('@module-federation/webpack-bundler-runtime/dist/consumes.cjs'),
    getSharedFallbackGetter: require('@module-federation/webpack-bundler-runtime/dist/getSharedFallbackGetter.cjs'),
    init: require('@module-federation/webpack-bundler-runtime/dist/init.cjs'),
    initContainerEntry: require('@module-federation/webpack-bundler-runtime/dist/initContainerEntry.cjs'),
    initializeSharing: require('@module-federation/webpack-bundler-runtime/dist/initializeSharing.cjs'),
    installInitialConsumes: require('@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.cjs'),
    remotes: require('@module-federation/webpack-bundler-runtime/dist/remotes.cjs'),
  },
};

for (const [name, value] of Object.entries(utilities)) {
  if (!globalThis[name]) globalThis[name] = value;
}

module.exports = function provideRuntimeUtilitiesPlugin() {
  return { name: 'provide-runtime-utilities-plugin' };
};
