import { buildApp } from './app';
import { configFromEnv } from './config';
import { seed } from './db/seed';

const config = configFromEnv();
const port = Number(process.env.SANDBOX_PORT ?? process.env.PORT ?? 4000);
const app = await buildApp({ config, logger: { level: process.env.SANDBOX_LOG_LEVEL ?? 'info' } });
if (config.seed) await seed(app);
await app.listen({ port, host: process.env.LISTEN_HOST ?? '127.0.0.1' });
app.log.info(
  `sandbox-api on http://localhost:${port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}, ${config.mode} mode)`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
