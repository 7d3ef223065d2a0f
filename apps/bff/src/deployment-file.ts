import { readFileSync } from 'node:fs';
import { clusterFromEndpoint, deploymentSchema, type Deployment } from '@fbt/domain';
import { ConfigError, type Config } from './config';
import { fromRepoRoot } from './repo-root';

export { fromRepoRoot };

/**
 * Reads and validates `DEPLOYMENT_FILE` (written by the operator CLI or the local chain's
 * seeding), then applies the env overrides: `SOLANA_RPC_URL` / `SOLANA_WS_URL` point the BFF at
 * another RPC node for the same deployment, `CLUSTER` names the cluster explicitly.
 */
export function loadDeployment(config: Config): Deployment {
  const path = fromRepoRoot(config.DEPLOYMENT_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError([
      `DEPLOYMENT_FILE: cannot read ${path} (${(error as Error).message}); start the local chain (npm start) or point DEPLOYMENT_FILE at a deployment`,
    ]);
  }
  const parsed = deploymentSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `DEPLOYMENT_FILE ${path}: ${issue.path.join('.')}: ${issue.message}`,
      ),
    );
  }
  const rpcUrl = config.SOLANA_RPC_URL ?? parsed.data.rpcUrl;
  const wsUrl =
    config.SOLANA_WS_URL ?? (config.SOLANA_RPC_URL === undefined ? parsed.data.wsUrl : undefined);
  return {
    ...parsed.data,
    rpcUrl,
    ...(wsUrl === undefined ? {} : { wsUrl }),
    cluster:
      config.CLUSTER ??
      (config.SOLANA_RPC_URL === undefined ? parsed.data.cluster : clusterFromEndpoint(rpcUrl)),
  };
}
