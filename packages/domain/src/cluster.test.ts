import { describe, expect, it } from 'vitest';
import { clusterFromEndpoint, explorerAccountUrl, explorerTxUrl } from './index';

describe('cluster from endpoint', () => {
  it.each([
    ['https://api.mainnet-beta.solana.com', 'mainnet-beta'],
    ['https://my-node.example.com/key', 'mainnet-beta'],
    ['https://api.devnet.solana.com', 'devnet'],
    ['https://rpc.ankr.com/solana_devnet', 'devnet'],
    ['https://api.testnet.solana.com', 'testnet'],
    ['http://127.0.0.1:8899', 'localnet'],
    ['http://localhost:8899', 'localnet'],
    ['http://[::1]:8899', 'localnet'],
    ['not a url', 'mainnet-beta'],
  ])('%s → %s', (endpoint, cluster) => {
    expect(clusterFromEndpoint(endpoint)).toBe(cluster);
  });
});

describe('explorer links', () => {
  it.each([
    ['mainnet-beta', undefined, 'https://solscan.io/tx/SIG'],
    ['devnet', undefined, 'https://solscan.io/tx/SIG?cluster=devnet'],
    ['testnet', undefined, 'https://solscan.io/tx/SIG?cluster=testnet'],
    ['localnet', undefined, 'https://solscan.io/tx/SIG?cluster=custom'],
    [
      'localnet',
      'http://127.0.0.1:8899',
      'https://solscan.io/tx/SIG?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899',
    ],
  ] as const)('a transaction on %s (%s)', (cluster, rpc, url) => {
    expect(explorerTxUrl('SIG', cluster, rpc)).toBe(url);
  });

  it('links accounts the same way', () => {
    expect(explorerAccountUrl('ADDR', 'devnet')).toBe(
      'https://solscan.io/account/ADDR?cluster=devnet',
    );
  });
});
