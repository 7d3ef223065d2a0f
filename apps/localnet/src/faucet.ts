import { createHash } from 'node:crypto';
import { address, lamports as toLamports } from '@solana/kit';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { LiteSVM } from 'litesvm';

/** What the faucet holds at genesis: 500 million SOL, far more than any local test spends. */
const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;

/**
 * The account airdrops come from. Airdrops are ordinary signed transfers from it, so they land,
 * get logged and replay like any other transaction.
 */
export interface Faucet {
  readonly address: string;
  /** A signed transfer of `lamports` to `to`, in wire form. */
  transfer(to: string, lamports: bigint, recentBlockhash: string): Uint8Array;
}

/**
 * Derives the faucet key from the genesis hash (so a restarted chain signs with the same key
 * its ledger holds transfers from) and funds it in the bank.
 */
export function createFaucet(svm: LiteSVM, genesisHash: string): Faucet {
  const seed = createHash('sha256').update(`fbt-localnet-faucet:${genesisHash}`).digest();
  const keypair = Keypair.fromSeed(seed);
  const faucet = keypair.publicKey.toBase58();
  svm.setAccount({
    address: address(faucet),
    lamports: toLamports(FAUCET_LAMPORTS),
    programAddress: address('11111111111111111111111111111111'),
    executable: false,
    data: new Uint8Array(0),
    space: 0n,
  });
  return {
    address: faucet,
    transfer: (to, lamports, recentBlockhash) => {
      const tx = new Transaction({ feePayer: keypair.publicKey, recentBlockhash }).add(
        SystemProgram.transfer({
          fromPubkey: keypair.publicKey,
          toPubkey: new PublicKey(to),
          lamports,
        }),
      );
      tx.sign(keypair);
      return tx.serialize();
    },
  };
}
