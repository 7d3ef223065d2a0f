import { AdapterError } from '@fbt/adapters';
import type { Deployment } from '@fbt/domain';
import { ConfigError, loadConfig, type Config } from './config';
import { createBff } from './create-bff';
import { loadDeployment } from './deployment-file';
import { startMetricsServer, type MetricsServer } from './metrics-server';

/** Longest wait for websockets and requests to drain on SIGTERM/SIGINT before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  let deployment: Deployment;
  try {
    config = loadConfig(process.env);
    deployment = loadDeployment(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`bff: refusing to start.\n${error.message}`);
      process.exit(2);
    }
    throw error;
  }

  let app: Awaited<ReturnType<typeof createBff>>;
  try {
    app = await createBff(deployment, config);
  } catch (error) {
    // The ledger database cannot be opened (unreachable, refused login, missing database):
    // an operator's problem, said in one line (the message never carries the password).
    if (error instanceof AdapterError) {
      console.error(`bff: refusing to start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let metricsServer: MetricsServer | null = null;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining websockets and requests');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    Promise.all([app.close(), metricsServer?.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  if (config.METRICS_PORT !== null) {
    try {
      metricsServer = await startMetricsServer(app, {
        host: config.METRICS_HOST,
        port: config.METRICS_PORT,
      });
    } catch (error) {
      // Taken port or unknown address: an operator's problem, said in one line.
      console.error(
        `bff: refusing to start: METRICS_HOST:METRICS_PORT ${config.METRICS_HOST}:${config.METRICS_PORT}: ${(error as Error).message}`,
      );
      await app.close();
      process.exit(1);
    }
    app.log.info({ url: metricsServer.url }, 'metrics listening');
  }
  app.log.info(
    {
      cluster: deployment.cluster,
      rpc: new URL(deployment.rpcUrl).origin,
      programId: deployment.programId,
    },
    'bff ready',
  );
}

await main();
