/** The Solana clusters the product knows. */
export type Cluster = 'mainnet-beta' | 'devnet' | 'testnet' | 'localnet';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0', '[::1]', '::1']);

/**
 * The cluster an RPC endpoint belongs to: `devnet` or `testnet` when the endpoint says so,
 * `localnet` for a loopback host, otherwise `mainnet-beta`: an endpoint that names no cluster
 * (a paid RPC provider's URL, say) counts as mainnet.
 *
 * @example
 * clusterFromEndpoint('https://api.devnet.solana.com'); // 'devnet'
 * clusterFromEndpoint('http://127.0.0.1:8899'); // 'localnet'
 */
export function clusterFromEndpoint(endpoint: string): Cluster {
  const lower = endpoint.toLowerCase();
  if (lower.includes('devnet')) return 'devnet';
  if (lower.includes('testnet')) return 'testnet';
  try {
    if (LOOPBACK_HOSTS.has(new URL(endpoint).hostname)) return 'localnet';
  } catch {
    // Not a URL: treat like any other non-devnet/testnet endpoint.
  }
  return 'mainnet-beta';
}

function solscanQuery(cluster: Cluster, localRpcUrl: string | undefined): string {
  switch (cluster) {
    case 'mainnet-beta':
      return '';
    case 'devnet':
    case 'testnet':
      return `?cluster=${cluster}`;
    case 'localnet':
      return localRpcUrl === undefined
        ? '?cluster=custom'
        : `?cluster=custom&customUrl=${encodeURIComponent(localRpcUrl)}`;
  }
}

/**
 * Solscan link for a transaction on `cluster`. For a local chain Solscan's custom-cluster mode
 * needs the RPC URL the browser can reach.
 *
 * @example
 * explorerTxUrl('5h…sig', 'devnet'); // 'https://solscan.io/tx/5h…sig?cluster=devnet'
 */
export function explorerTxUrl(signature: string, cluster: Cluster, localRpcUrl?: string): string {
  return `https://solscan.io/tx/${encodeURIComponent(signature)}${solscanQuery(cluster, localRpcUrl)}`;
}

/** Solscan link for an account on `cluster`. */
export function explorerAccountUrl(
  address: string,
  cluster: Cluster,
  localRpcUrl?: string,
): string {
  return `https://solscan.io/account/${encodeURIComponent(address)}${solscanQuery(cluster, localRpcUrl)}`;
}
