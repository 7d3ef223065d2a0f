import { TOKEN_2022_PROGRAM_ID } from '@fbt/presale-client';
import { getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { afterAll, describe, expect, it } from 'vitest';
import { runDistributionDemo, type DistributionDemoResult } from '../src/distribution-demo';

let result: DistributionDemoResult | null = null;

afterAll(async () => {
  await result?.stack.stop();
});

describe('npm run demo:distribution', () => {
  it('buys the public presale out with throwaway wallets and follows the keeper to Done', async () => {
    const lines: string[] = [];
    result = await runDistributionDemo({
      buyers: 20,
      log: (line) => lines.push(line),
      slotMs: 100,
    });
    expect(lines).toContain('Distributing: 0 of 20');
    expect(lines.at(-1)).toBe('Done: 20 of 20 buyers hold every FBT they bought');
    expect(result.final).toMatchObject({ phase: 'done', buyers: 20, buyersDelivered: 20 });
    // 20 buyers: one Distribute when the keeper put them into the sale's buyer tables while
    // they bought (up to 28 per transaction), two when it had not yet (14 each, written in full).
    expect([1, 2]).toContain(result.distributeTransactions);
    // The keeper's key paid one fee per transaction (Finalize, Distribute, the tables') and the
    // rent its tables hold, nothing else.
    const transactions = 1 + result.distributeTransactions + result.tableTransactions;
    expect(result.feeLamports).toBe(BigInt(transactions) * 5_000n + result.tableRentLamports);
    const mint = new PublicKey(result.stack.deployment.mint);
    // The seeded FBT is a Token-2022 mint: each buyer's account is its Token-2022 ATA.
    expect((await result.stack.connection.getAccountInfo(mint))?.owner).toEqual(
      TOKEN_2022_PROGRAM_ID,
    );
    for (const buyer of result.buyers) {
      const account = getAssociatedTokenAddressSync(
        mint,
        buyer.publicKey,
        false,
        TOKEN_2022_PROGRAM_ID,
      );
      // 5 SOL at 50,000 lamports per FBT: 100,000 FBT each.
      const held = await getAccount(
        result.stack.connection,
        account,
        'confirmed',
        TOKEN_2022_PROGRAM_ID,
      );
      expect(held.amount).toBe(100_000_000_000n);
    }
  }, 180_000);
});
