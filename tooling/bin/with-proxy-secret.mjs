#!/usr/bin/env node
/**
 * Runs a command (`pnpm serve`'s servers) with PROXY_SECRET and SESSION_SECRET set, made up for
 * this start unless the environment gives them: the host's proxy sends the first, and the
 * embedded sandbox trusts the client address the proxy names only with it (decision 015); the
 * second seals the customer's session cookie (decision 027), so a restarted host server still
 * opens it. Plain JavaScript: it runs before anything is built.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: with-proxy-secret <command> [args…]');
  process.exit(2);
}
const env = {
  ...process.env,
  PROXY_SECRET: process.env.PROXY_SECRET || randomBytes(24).toString('hex'),
  SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString('base64url'),
};
const child = spawn(command, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
