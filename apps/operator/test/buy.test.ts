import path from 'node:path';
import { LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  buildBuyInstructions,
  decodePresaleError,
  fetchBuyerRecord,
  fetchPresaleAccount,
} from '@fbt/presale-client';
import { getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ComputeBudgetProgram, PublicKey, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeypairFile } from '../src/keypair-file';
import { seedLocalChain, SEED_PRESALES } from '../src/seed';
import type { SeedDeployment } from '../src/seed';
import { startTestNet } from './support/helpers';
import type { TestNet } from './support/helpers';

let net: TestNet;
let deployment: SeedDeployment;

beforeAll(async () => {
  net = await startTestNet();
  const seeded = await seedLocalChain({
    connection: net.connection,
    rpcUrl: net.localnet.rpcUrl,
    wsUrl: net.localnet.wsUrl,
    dataDir: path.join(net.dataDir, 'seed'),
    // A classic SPL Token FBT: an operator may bring one, and buying it stays proven end to end
    // (the stack's suites buy the Token-2022 FBT `npm start` seeds).
    tokenProgram: 'spl-token',
  });
  deployment = seeded.deployment as SeedDeployment;
});
afterAll(async () => {
  await net.stop();
});

function buyerAt(index: number) {
  const wallet = deployment.testWallets[index];
  if (wallet === undefined) throw new Error(`no test wallet ${index}`);
  return readKeypairFile(wallet.keypairFile);
}

describe('a buyer on the seeded local chain', () => {
  it('has three initialised, active presales with the seeded limits', async () => {
    const programId = new PublicKey(deployment.programId);
    for (const variant of ['public', 'private', 'leader'] as const) {
      const state = await fetchPresaleAccount(
        net.connection,
        programId,
        new PublicKey(deployment.presales[variant].address),
      );
      expect(state?.isInitialized).toBe(true);
      expect(state?.isActived).toBe(true);
      expect(state?.maxTotalBuyable).toBe(SEED_PRESALES[variant].maxTotalBuyable);
      expect(state?.minUserBuyable).toBe(LAMPORTS_PER_SOL / 10n);
      expect(state?.mint).toBe(deployment.mint);
    }
    expect(await net.connection.getBalance(buyerAt(0).publicKey)).toBe(
      100 * Number(LAMPORTS_PER_SOL),
    );
  });

  it('buys on the leader presale: simulate, send, confirm (blockhash strategy) and by polling, then read it back', async () => {
    const buyer = buyerAt(0);
    const programId = new PublicKey(deployment.programId);
    const presale = new PublicKey(deployment.presales.leader.address);
    const mint = new PublicKey(deployment.mint);
    const seller = new PublicKey(deployment.seller);
    const tempTokenAccount = new PublicKey(
      (await fetchPresaleAccount(net.connection, programId, presale))?.tempTokenAccountPubkey ?? '',
    );
    const lamports = 2n * LAMPORTS_PER_SOL;
    const sellerBefore = await net.connection.getBalance(seller);

    const tx = new Transaction().add(
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 }),
      ...buildBuyInstructions({
        programId,
        presale,
        buyer: buyer.publicKey,
        seller,
        tempTokenAccount,
        mint,
        lamports,
        createBuyerTokenAccount: true,
      }),
    );
    const latest = await net.connection.getLatestBlockhash();
    tx.feePayer = buyer.publicKey;
    tx.recentBlockhash = latest.blockhash;

    const simulation = await net.connection.simulateTransaction(tx);
    expect(simulation.value.err).toBeNull();
    expect(simulation.value.unitsConsumed).toBeGreaterThan(0);

    tx.sign(buyer);
    const signature = await net.connection.sendRawTransaction(tx.serialize());
    const bySubscription = await net.connection.confirmTransaction(
      { signature, ...latest },
      'confirmed',
    );
    expect(bySubscription.value.err).toBeNull();

    let polled = null;
    for (let i = 0; i < 50 && polled === null; i++) {
      polled = (await net.connection.getSignatureStatuses([signature])).value[0] ?? null;
      if (polled === null) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(polled?.confirmationStatus).toMatch(/confirmed|finalized/);

    const buyerToken = getAssociatedTokenAddressSync(mint, buyer.publicKey);
    expect((await getAccount(net.connection, buyerToken)).amount).toBe(40_000n * 1_000_000n); // 2 SOL / 0.00005
    expect(await net.connection.getBalance(seller)).toBe(sellerBefore + Number(lamports));
    const record = await fetchBuyerRecord(net.connection, programId, presale, buyer.publicKey);
    expect(record?.fbtBuyedAmount).toBe(lamports);
    expect((await fetchPresaleAccount(net.connection, programId, presale))?.currentTotalSold).toBe(
      lamports,
    );

    const fetched = await net.connection.getTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    });
    expect(fetched?.meta?.err).toBeNull();
    // instruction 2 is the Buy (after the compute-unit price and the ATA create): its CPIs
    // (SOL to the seller, FBT from the vault, buyer record creation) are listed as inner instructions
    const buyInner = fetched?.meta?.innerInstructions?.find((group) => group.index === 2);
    expect(buyInner?.instructions.length).toBeGreaterThanOrEqual(2);
    expect(fetched?.meta?.logMessages?.some((line) => line.includes(programId.toBase58()))).toBe(
      true,
    );
    const post = fetched?.meta?.postTokenBalances?.find(
      (b) => b.owner === buyer.publicKey.toBase58(),
    );
    expect(post?.uiTokenAmount.uiAmountString).toBe('40000');
    const history = await net.connection.getSignaturesForAddress(presale, { limit: 1 });
    expect(history[0]?.signature).toBe(signature);
    expect(history[0]?.memo).toBeNull();
  });

  it('confirms through signatureSubscribe when subscribed before the transaction lands', async () => {
    const buyer = buyerAt(1);
    const programId = new PublicKey(deployment.programId);
    const presale = new PublicKey(deployment.presales.public.address);
    const state = await fetchPresaleAccount(net.connection, programId, presale);
    const tx = new Transaction().add(
      ...buildBuyInstructions({
        programId,
        presale,
        buyer: buyer.publicKey,
        seller: new PublicKey(deployment.seller),
        tempTokenAccount: new PublicKey(state?.tempTokenAccountPubkey ?? ''),
        mint: new PublicKey(deployment.mint),
        lamports: LAMPORTS_PER_SOL / 2n,
        createBuyerTokenAccount: true,
      }),
    );
    tx.feePayer = buyer.publicKey;
    tx.recentBlockhash = (await net.connection.getLatestBlockhash()).blockhash;
    tx.sign(buyer);
    const signature = bs58.encode(tx.signature ?? new Uint8Array(64));
    const result = new Promise<unknown>((resolve) => {
      net.connection.onSignature(signature, (res) => resolve(res.err), 'confirmed');
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // subscription reaches the server
    await net.connection.sendRawTransaction(tx.serialize());
    expect(await result).toBeNull();
  });

  it('rejects a buy below the minimum at preflight with the program error and logs', async () => {
    const buyer = buyerAt(2);
    const programId = new PublicKey(deployment.programId);
    const presale = new PublicKey(deployment.presales.private.address);
    const state = await fetchPresaleAccount(net.connection, programId, presale);
    const tx = new Transaction().add(
      ...buildBuyInstructions({
        programId,
        presale,
        buyer: buyer.publicKey,
        seller: new PublicKey(deployment.seller),
        tempTokenAccount: new PublicKey(state?.tempTokenAccountPubkey ?? ''),
        mint: new PublicKey(deployment.mint),
        lamports: LAMPORTS_PER_SOL / 100n,
        createBuyerTokenAccount: true,
      }),
    );
    const error = await net.connection.sendTransaction(tx, [buyer]).catch((e: unknown) => e);
    expect(decodePresaleError(error)?.name).toBe('BelowMinimum');
    expect(await net.connection.getBalance(buyer.publicKey)).toBe(100 * Number(LAMPORTS_PER_SOL));
  });
});
