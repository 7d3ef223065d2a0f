import {
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import {
  TOKEN_PROGRAM_ID,
  createMint,
  getAccount,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  transfer,
} from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockhashValidityBlocks } from '../src/index';
import { fundedKeypair, rawRpc, startTestChain, stopTestChain } from './helpers';
import type { TestChain } from './helpers';

const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
});
afterAll(async () => {
  await stopTestChain(t);
});

describe('cluster information methods', () => {
  it('answers getVersion, getHealth, getGenesisHash, getSlot, getBlockHeight and getEpochInfo', async () => {
    const { connection } = t;
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    const health = await fetch(t.localnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
    }).then((r) => r.json() as Promise<{ result: string }>);
    expect(health.result).toBe('ok');
    expect(await connection.getGenesisHash()).toBe(t.localnet.chain.genesisHash);
    const slot = await connection.getSlot();
    expect(slot).toBeGreaterThan(0);
    expect(await connection.getBlockHeight()).toBeGreaterThanOrEqual(slot);
    const epoch = await connection.getEpochInfo();
    expect(epoch.slotsInEpoch).toBe(432_000);
    expect(epoch.absoluteSlot).toBeGreaterThanOrEqual(slot);
  });

  it('advances slots on a clock and keeps a blockhash valid for 60 s worth of its 100 ms blocks', async () => {
    const { connection } = t;
    const first = await connection.getLatestBlockhash();
    const lifetime = first.lastValidBlockHeight - (await connection.getBlockHeight());
    expect(lifetime).toBeLessThanOrEqual(blockhashValidityBlocks(100));
    expect(lifetime).toBeGreaterThan(blockhashValidityBlocks(100) - 10);
    const startSlot = await connection.getSlot();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await connection.getSlot()).toBeGreaterThan(startSlot);
    const second = await connection.getLatestBlockhash();
    expect(second.blockhash).not.toBe(first.blockhash);
    expect((await connection.isBlockhashValid(first.blockhash)).value).toBe(true);
    expect((await connection.isBlockhashValid(Keypair.generate().publicKey.toBase58())).value).toBe(
      false,
    );
  });

  it('prices rent and fees like mainnet', async () => {
    const { connection } = t;
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBe(890_880);
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280);
    const payer = Keypair.generate();
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1,
      }),
    );
    expect((await connection.getFeeForMessage(tx.compileMessage())).value).toBe(5_000);
    const fees = await connection.getRecentPrioritizationFees();
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.every((fee) => fee.prioritizationFee >= 0)).toBe(true);
  });
});

describe('accounts and transfers', () => {
  it('airdrops, transfers SOL and reports the transaction with balances, fee and logs', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 2);
    expect(await connection.getBalance(payer.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
    const recipient = Keypair.generate().publicKey;
    const tx = new Transaction()
      .add(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000 }))
      .add(ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }))
      .add(
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: recipient,
          lamports: LAMPORTS_PER_SOL / 2,
        }),
      )
      .add(
        new TransactionInstruction({
          programId: MEMO_PROGRAM,
          keys: [],
          data: Buffer.from('fbt:leader:alice'),
        }),
      );
    const signature = await sendAndConfirmTransaction(connection, tx, [payer], {
      commitment: 'confirmed',
    });
    expect(await connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL / 2);

    const fetched = await connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(fetched).not.toBeNull();
    const meta = fetched?.meta;
    expect(meta?.err).toBeNull();
    expect(meta?.fee).toBe(5_000 + 10); // 1,000 micro-lamports x 10,000 CU = 10 lamports priority
    expect(meta?.preBalances[0]).toBe(2 * LAMPORTS_PER_SOL);
    expect(meta?.postBalances[0]).toBe(2 * LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 2 - 5_010);
    expect(meta?.logMessages?.some((line) => line.includes('Memo'))).toBe(true);
    expect(meta?.computeUnitsConsumed).toBeGreaterThan(0);
    expect(fetched?.version).toBe('legacy');
    expect(fetched?.transaction.signatures[0]).toBe(signature);

    const parsed = await connection.getParsedTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    });
    const instructions = parsed?.transaction.message.instructions ?? [];
    expect(instructions[3]).toMatchObject({ program: 'spl-memo', parsed: 'fbt:leader:alice' });
    expect(instructions[2]).toMatchObject({ programId: SystemProgram.programId });
    expect(parsed?.transaction.message.accountKeys[0]).toMatchObject({
      signer: true,
      writable: true,
    });

    const history = await connection.getSignaturesForAddress(payer.publicKey);
    expect(history[0]?.signature).toBe(signature);
    expect(history[0]?.memo).toBe('[16] fbt:leader:alice');
    expect(history).toHaveLength(2); // the airdrop and the transfer

    const statuses = await connection.getSignatureStatuses(
      [signature, history[1]?.signature ?? ''],
      {
        searchTransactionHistory: true,
      },
    );
    expect(statuses.value[0]?.confirmationStatus).toMatch(/confirmed|finalized/);
    expect(statuses.value[0]?.err).toBeNull();
    expect(statuses.value[1]).not.toBeNull();
  });

  it('pages getSignaturesForAddress newest first with limit, before and until', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const sent: string[] = [];
    for (let i = 0; i < 4; i++) {
      sent.push(
        await sendAndConfirmTransaction(
          connection,
          new Transaction().add(
            SystemProgram.transfer({
              fromPubkey: payer.publicKey,
              toPubkey: Keypair.generate().publicKey,
              lamports: 1_000_000,
            }),
          ),
          [payer],
        ),
      );
    }
    const all = (await connection.getSignaturesForAddress(payer.publicKey)).map((s) => s.signature);
    expect(all.slice(0, 4)).toEqual([...sent].reverse());
    expect(all).toHaveLength(5); // plus the airdrop
    const page = await connection.getSignaturesForAddress(payer.publicKey, {
      limit: 2,
      before: sent[3],
    });
    expect(page.map((s) => s.signature)).toEqual([sent[2], sent[1]]);
    const until = await connection.getSignaturesForAddress(payer.publicKey, { until: sent[1] });
    expect(until.map((s) => s.signature)).toEqual([sent[3], sent[2]]);
  });

  it('reads single and multiple accounts in base64 and base58, and null for missing ones', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const missing = Keypair.generate().publicKey;
    const info = await connection.getAccountInfo(payer.publicKey);
    expect(info?.lamports).toBe(LAMPORTS_PER_SOL);
    expect(info?.owner.equals(SystemProgram.programId)).toBe(true);
    expect(await connection.getAccountInfo(missing)).toBeNull();
    const many = await connection.getMultipleAccountsInfo([payer.publicKey, missing]);
    expect(many[0]?.lamports).toBe(LAMPORTS_PER_SOL);
    expect(many[1]).toBeNull();
    const raw = (await fetch(t.localnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getAccountInfo',
        params: [payer.publicKey.toBase58()],
      }),
    }).then((r) => r.json())) as { result: { value: { data: [string, string] } } };
    expect(raw.result.value.data).toEqual(['', 'base58']);
  });

  it('creates an SPL mint, mints, transfers and reports token balances, parsed accounts and token metadata', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 5);
    const holder = Keypair.generate();
    const mint = await createMint(connection, payer, payer.publicKey, null, 6);
    const source = await getOrCreateAssociatedTokenAccount(
      connection,
      payer,
      mint,
      payer.publicKey,
    );
    await mintTo(connection, payer, mint, source.address, payer, 1_000_000_000n);
    const destination = await getOrCreateAssociatedTokenAccount(
      connection,
      payer,
      mint,
      holder.publicKey,
    );
    const signature = await transfer(
      connection,
      payer,
      source.address,
      destination.address,
      payer,
      250_000_000n,
    );

    expect((await getAccount(connection, destination.address)).amount).toBe(250_000_000n);
    const balance = await connection.getTokenAccountBalance(destination.address);
    expect(balance.value).toEqual({
      amount: '250000000',
      decimals: 6,
      uiAmount: 250,
      uiAmountString: '250',
    });

    const byOwner = await connection.getTokenAccountsByOwner(holder.publicKey, { mint });
    expect(byOwner.value.map((entry) => entry.pubkey.toBase58())).toEqual([
      destination.address.toBase58(),
    ]);
    const byProgram = await connection.getTokenAccountsByOwner(payer.publicKey, {
      programId: TOKEN_PROGRAM_ID,
    });
    expect(byProgram.value).toHaveLength(1);
    const parsed = await connection.getParsedTokenAccountsByOwner(holder.publicKey, { mint });
    expect(parsed.value[0]?.account.data.parsed).toMatchObject({
      type: 'account',
      info: {
        mint: mint.toBase58(),
        owner: holder.publicKey.toBase58(),
        state: 'initialized',
        tokenAmount: { amount: '250000000' },
      },
    });
    const parsedMint = await connection.getParsedAccountInfo(mint);
    expect(parsedMint.value?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, supply: '1000000000' } },
    });

    const holderAccounts = await connection.getProgramAccounts(TOKEN_PROGRAM_ID, {
      filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: holder.publicKey.toBase58() } }],
    });
    expect(holderAccounts.map((entry) => entry.pubkey.toBase58())).toEqual([
      destination.address.toBase58(),
    ]);

    const tx = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    const pre = tx?.meta?.preTokenBalances ?? [];
    const post = tx?.meta?.postTokenBalances ?? [];
    const holderPost = post.find((entry) => entry.owner === holder.publicKey.toBase58());
    expect(holderPost?.uiTokenAmount.amount).toBe('250000000');
    expect(holderPost?.mint).toBe(mint.toBase58());
    expect(
      pre.find((entry) => entry.owner === holder.publicKey.toBase58())?.uiTokenAmount.amount,
    ).toBe('0');
  });

  it('accepts versioned (v0) transactions and requires maxSupportedTransactionVersion to read them', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const { blockhash } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: Keypair.generate().publicKey,
          lamports: 1_000_000,
        }),
      ],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const signature = await connection.sendTransaction(tx);
    const latest = await connection.getLatestBlockhash();
    await connection.confirmTransaction({ signature, ...latest });
    expect(
      (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.version,
    ).toBe(0);
    await expect(connection.getTransaction(signature, {})).rejects.toThrow(
      /maxSupportedTransactionVersion/,
    );
  });
});

describe('simulation and preflight', () => {
  it('simulates without signatures and returns logs, units and the failure', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 5 * LAMPORTS_PER_SOL,
      }),
    );
    const sim = await connection.simulateTransaction(tx);
    expect(sim.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(sim.value.logs?.some((line) => line.includes('insufficient lamports'))).toBe(true);
    expect(sim.value.unitsConsumed).toBeGreaterThan(0);
  });

  it('returns post-simulation accounts when asked, without changing the chain', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const recipient = Keypair.generate().publicKey;
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: recipient,
        lamports: 3_000_000,
      }),
    );
    const sim = await connection.simulateTransaction(tx, undefined, [recipient]);
    expect(sim.value.err).toBeNull();
    expect(sim.value.accounts?.[0]?.lamports).toBe(3_000_000);
    expect(await connection.getBalance(recipient)).toBe(0);
  });

  it('refuses an airdrop larger than the faucet holds, and u64 amounts that lost precision in JSON', async () => {
    const to = Keypair.generate().publicKey.toBase58();
    const call = (amount: unknown) =>
      rawRpc(
        t.localnet.rpcUrl,
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [to, amount] }),
      );
    const tooMuch = (await call('600000000000000000')).json as {
      error: { code: number; message: string };
    };
    expect(tooMuch.error.code).toBe(-32002);
    expect(tooMuch.error.message).toContain('custom program error: 0x1');
    const imprecise = (await call(10 ** 18)).json as { error: { code: number; message: string } };
    expect(imprecise.error).toMatchObject({ code: -32602 });
    expect(imprecise.error.message).toContain('lost precision');
  });

  it('rejects a failing transaction at preflight with -32002 and the logs, and charges nothing', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 5 * LAMPORTS_PER_SOL,
      }),
    );
    const error = await sendAndConfirmTransaction(connection, tx, [payer]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendTransactionError);
    expect((error as SendTransactionError).message).toContain('custom program error: 0x1');
    expect((error as SendTransactionError).logs?.length).toBeGreaterThan(0);
    expect(await connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL);
  });

  it('lands a failing transaction sent with skipPreflight, charging the fee and recording the error', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 5 * LAMPORTS_PER_SOL,
      }),
    );
    tx.sign(payer);
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    const latest = await connection.getLatestBlockhash();
    const result = await connection.confirmTransaction({ signature, ...latest });
    expect(result.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL - 5_000);
    expect((await connection.getTransaction(signature))?.meta?.err).toEqual({
      InstructionError: [0, { Custom: 1 }],
    });
  });

  it("answers an unknown blockhash with 'Blockhash not found'", async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction({
      feePayer: payer.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    );
    tx.sign(payer);
    await expect(connection.sendRawTransaction(tx.serialize())).rejects.toThrow(
      /Blockhash not found/,
    );
  });

  it('refuses a transaction whose signature does not verify with -32003', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    );
    tx.sign(payer);
    const wire = tx.serialize();
    wire[10] = (wire[10] ?? 0) ^ 0xff; // corrupt the signature
    await expect(connection.sendRawTransaction(wire)).rejects.toThrow(
      /signature verification failure/,
    );
  });

  it('reports a resent transaction as already processed', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    );
    tx.sign(payer);
    await connection.sendRawTransaction(tx.serialize());
    await expect(connection.sendRawTransaction(tx.serialize())).rejects.toThrow(
      /already been processed/,
    );
  });
});
