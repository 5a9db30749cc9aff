import { buildApp } from './app';
import { buildBank } from './bank/bank-app';
import { configFromEnv } from './config';
import { seed } from './db/seed';

const config = configFromEnv();
const port = Number(process.env.SANDBOX_PORT ?? process.env.PORT ?? 4000);
const bankPort = Number(process.env.BANK_PORT ?? 4100);
const host = process.env.LISTEN_HOST ?? '127.0.0.1';
const logger = { level: process.env.SANDBOX_LOG_LEVEL ?? 'info' };
const app = await buildApp({ config, logger });
if (config.seed) await seed(app);
// The bank (contract v1.3) runs in the same process on its own origin: another site than the
// client's, as a real acquiring bank's page is.
const bank = await buildBank(app, { logger });
await app.listen({ port, host });
await bank.listen({ port: bankPort, host });
app.log.info(
  `sandbox-api on http://localhost:${port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}, ${config.mode} mode); its bank on ${config.bankPublicUrl} (port ${bankPort})`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void bank
      .close()
      .then(() => app.close())
      .then(() => process.exit(0));
  });
}
