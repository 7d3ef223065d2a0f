import type { PresaleState } from '@fbt/domain';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { buyFbt, type BuyStage } from './buy-fbt';
import type { PurchaseConnection } from './purchase-connection';

const SOL = 1_000_000_000n;

const state: PresaleState = {
  isInitialized: true,
  isActived: true,
  sellerPubkey: Keypair.generate().publicKey.toBase58(),
  tempTokenAccountPubkey: Keypair.generate().publicKey.toBase58(),
  tokenPrice: 50_000n,
  maxUserBuyable: 10n * SOL,
  minUserBuyable: SOL / 10n,
  maxTotalBuyable: 100n * SOL,
  currentTotalSold: 0n,
};

/** A connection that records every call: an amount the rule refuses never reaches the chain. */
function recordingConnection() {
  const calls: string[] = [];
  const connection = new Proxy(
    {},
    {
      get: (_target, method) => () => {
        calls.push(String(method));
        return Promise.reject(new Error(`${String(method)} must not be called`));
      },
    },
  ) as PurchaseConnection;
  return { connection, calls };
}

describe('the amount, checked again on send', () => {
  it.each([
    ['', 0n, 'Amount field is empty'],
    ['abc', 0n, 'Amount must be a number'],
    ['11', 0n, 'Amount too high. Max 10 SOL'],
    ['5', 7_123_456_789n, 'Amount too high. Max 2.87654 SOL'],
    ['0.05', 0n, 'Amount too low. Min 0.1 SOL'],
    ['1', 10n * SOL, 'You already exceed buyable limit'],
  ])(
    '%j after %s lamports stops at validating with %j, before any chain read or signature',
    async (amountInput, boughtLamports, message) => {
      const { connection, calls } = recordingConnection();
      const stages: BuyStage[] = [];
      let signed = false;
      const result = await buyFbt(
        {
          connection,
          signTransaction: (transaction) => {
            signed = true;
            return Promise.resolve(transaction);
          },
          onStage: (stage) => stages.push(stage),
        },
        {
          programId: Keypair.generate().publicKey,
          presale: Keypair.generate().publicKey,
          mint: Keypair.generate().publicKey,
          state,
          buyer: Keypair.generate().publicKey,
          amountInput,
          boughtLamports,
        },
      );
      expect(result).toEqual({ ok: false, stage: 'validating', message });
      expect(stages).toEqual(['validating']);
      expect(calls).toEqual([]);
      expect(signed).toBe(false);
    },
  );
});
