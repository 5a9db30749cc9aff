import type { RuleSetRule } from '@rspack/core';

/**
 * How every build compiles the apps' TypeScript and JSX: the browser's and the server's alike,
 * so a module renders the same on both sides (decision 020).
 */
export function typescriptRule({ development }: { development: boolean }): RuleSetRule {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic', development, refresh: false } },
      },
    },
    type: 'javascript/auto',
  };
}
