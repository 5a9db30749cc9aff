/** Where `pnpm start` serves each app (the same defaults as the servers). */
export const HOST_URL = `http://localhost:${process.env.HOST_PORT ?? 3000}`;

export const REMOTES = {
  remote_home: `http://localhost:${process.env.REMOTE_HOME_PORT ?? 3001}`,
  remote_account: `http://localhost:${process.env.REMOTE_ACCOUNT_PORT ?? 3002}`,
  remote_loans: `http://localhost:${process.env.REMOTE_LOANS_PORT ?? 3003}`,
} as const;

export type RemoteName = keyof typeof REMOTES;

export const manifestUrl = (remote: RemoteName) => `${REMOTES[remote]}/mf-manifest.json`;

export const SANDBOX_URL = `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 4000}`;
