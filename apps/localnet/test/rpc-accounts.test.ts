import { Keypair, LAMPORTS_PER_SOL, SystemProgram } from '@solana/web3.js';
import {
  TOKEN_PROGRAM_ID,
  createMint,
  getAccount,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  transfer,
} from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedKeypair, startTestChain, stopTestChain } from './support/helpers';
import type { TestChain } from './support/helpers';

let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
});
afterAll(async () => {
  await stopTestChain(t);
});

describe('account and token reads', () => {
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
});
