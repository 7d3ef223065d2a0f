import type { Cluster } from '@fbt/domain';
import { useConnection } from '@solana/wallet-adapter-react';
import { PublicKey, type Connection } from '@solana/web3.js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { WALLET_BALANCES_KEY } from '../../../lib/wallet-balances';

/** What the local chain's faucet gives per request: 10 SOL. */
export const TEST_SOL_LAMPORTS = 10_000_000_000n;

/** How often, and how many times, the faucet transfer's status is read (about 30 s in all). */
const STATUS_POLL_MS = 250;
const STATUS_READS = 120;

/**
 * Reads the transfer's status until the chain has confirmed it (the page's websocket, the BFF's
 * `/rpc`, pushes account changes only, no signatures); throws when it failed or was not confirmed
 * in time.
 */
async function waitUntilConfirmed(connection: Connection, signature: string): Promise<void> {
  for (let read = 0; read < STATUS_READS; read++) {
    const { value } = await connection.getSignatureStatuses([signature]);
    const status = value[0] ?? null;
    if (status?.err) throw new Error(`faucet transfer failed: ${JSON.stringify(status.err)}`);
    const level = status?.confirmationStatus;
    if (level === 'confirmed' || level === 'finalized') return;
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
  }
  throw new Error(`faucet transfer ${signature} not confirmed`);
}

/**
 * On a local chain only: asks its faucet (`requestAirdrop` through the BFF's `/rpc`, which
 * forwards it on `localnet` only) for {@link TEST_SOL_LAMPORTS} for `address`, waits until the
 * transfer is confirmed, then reads the page's balances again. Null on any other cluster or
 * without a connected wallet. The promise rejects when the chain refuses or does not confirm.
 */
export function useWalletFunding(
  cluster: Cluster | null,
  address: string | null,
): (() => Promise<void>) | null {
  const { connection } = useConnection();
  const queryClient = useQueryClient();
  const fund = useCallback(async () => {
    if (address === null) return;
    const signature = await connection.requestAirdrop(
      new PublicKey(address),
      Number(TEST_SOL_LAMPORTS),
    );
    await waitUntilConfirmed(connection, signature);
    await queryClient.invalidateQueries({ queryKey: WALLET_BALANCES_KEY });
  }, [connection, queryClient, address]);
  return cluster === 'localnet' && address !== null ? fund : null;
}
