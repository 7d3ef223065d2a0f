import { decodePresaleState, type PresaleState } from '@fbt/domain';
import { updatePresaleLimits } from '@fbt/operator';
import {
  fetchBuyerRecord,
  findLeaderRecordAddress,
  TOKEN_2022_PROGRAM_ID,
} from '@fbt/presale-client';
import { ASSOCIATED_TOKEN_PROGRAM_ID, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ComputeBudgetProgram, PublicKey, type Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  buyFbt,
  createBatchedSender,
  preparePurchase,
  type BuyFbtDeps,
  type BuyFbtRequest,
  type BuyStage,
} from '@fbt/purchase';
import {
  buyers,
  connection,
  deployment,
  funded,
  operator,
  signer,
  SOL,
  useLocalChain,
} from './support/local-chain';

useLocalChain();

async function presaleState(address: string): Promise<PresaleState> {
  const info = await connection.getAccountInfo(new PublicKey(address), 'confirmed');
  if (info === null) throw new Error(`presale ${address} missing`);
  return decodePresaleState(info.data);
}

async function request(
  variant: 'public' | 'private' | 'leader',
  buyer: Keypair,
  amountInput: string,
  extra: Partial<BuyFbtRequest> = {},
): Promise<BuyFbtRequest> {
  const presale = deployment.presales[variant].address;
  const record = await fetchBuyerRecord(
    connection,
    new PublicKey(deployment.programId),
    new PublicKey(presale),
    buyer.publicKey,
  );
  return {
    programId: new PublicKey(deployment.programId),
    presale: new PublicKey(presale),
    mint: new PublicKey(deployment.mint),
    state: await presaleState(presale),
    buyer: buyer.publicKey,
    amountInput,
    boughtLamports: record?.fbtBuyedAmount ?? 0n,
    ...extra,
  };
}

function deps(signer: BuyFbtDeps['signTransaction'], stages: BuyStage[] = []): BuyFbtDeps {
  return {
    connection,
    signTransaction: signer,
    onStage: (stage) => stages.push(stage),
    pollIntervalMs: 100,
  };
}

/** The buyer's FBT account: the seeded FBT is a Token-2022 mint, so its Token-2022 ATA. */
const fbtAccountOf = (owner: PublicKey) =>
  getAssociatedTokenAddressSync(
    new PublicKey(deployment.mint),
    owner,
    false,
    TOKEN_2022_PROGRAM_ID,
  );

async function fbtBalance(owner: PublicKey): Promise<bigint> {
  const ata = fbtAccountOf(owner);
  const balance = await connection.getTokenAccountBalance(ata, 'confirmed');
  return BigInt(balance.value.amount);
}

describe('buying FBT on the local chain', () => {
  it('a first buy creates the token account, pays the seller and delivers 20,000 FBT per SOL', async () => {
    const [buyer] = buyers;
    const before = await presaleState(deployment.presales.public.address);
    const sellerBefore = await connection.getBalance(
      new PublicKey(before.sellerPubkey),
      'confirmed',
    );
    const stages: BuyStage[] = [];

    const result = await buyFbt(
      deps(signer(buyer!), stages),
      await request('public', buyer!, '1.5'),
    );

    expect(result).toMatchObject({
      ok: true,
      lamports: 1_500_000_000n,
      tokenAmount: 30_000_000_000n,
    });
    expect(stages).toEqual([
      'validating',
      'preparing',
      'simulating',
      'signing',
      'sending',
      'confirming',
    ]);
    expect(await fbtBalance(buyer!.publicKey)).toBe(30_000_000_000n);
    // A Token-2022 account, at the Token-2022 derivation, of the seeded Token-2022 mint.
    const account = await connection.getAccountInfo(fbtAccountOf(buyer!.publicKey), 'confirmed');
    expect(account?.owner).toEqual(TOKEN_2022_PROGRAM_ID);
    const after = await presaleState(deployment.presales.public.address);
    expect(after.currentTotalSold - before.currentTotalSold).toBe(1_500_000_000n);
    expect(
      BigInt(await connection.getBalance(new PublicKey(before.sellerPubkey), 'confirmed')) -
        BigInt(sellerBefore),
    ).toBe(1_500_000_000n);
    const record = await fetchBuyerRecord(
      connection,
      new PublicKey(deployment.programId),
      new PublicKey(deployment.presales.public.address),
      buyer!.publicKey,
    );
    expect(record?.fbtBuyedAmount).toBe(1_500_000_000n);
  });

  it('a leader buy names the code’s record and carries nothing else: the program pays it 10%', async () => {
    const [, buyer] = buyers;
    const programId = new PublicKey(deployment.programId);
    const presale = new PublicKey(deployment.presales.leader.address);
    const [record] = findLeaderRecordAddress(programId, presale, 'fbt-team');
    const recordBefore = BigInt(await connection.getBalance(record, 'confirmed'));
    const result = await buyFbt(
      deps(signer(buyer!)),
      await request('leader', buyer!, '0.5', { leaderRecord: record }),
    );
    if (!result.ok) throw new Error(result.message);
    expect(BigInt(await connection.getBalance(record, 'confirmed')) - recordBefore).toBe(SOL / 20n);
    const tx = await connection.getTransaction(result.signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(tx?.meta?.err).toBeNull();
    const message = tx!.transaction.message;
    const keys = message.getAccountKeys({ accountKeysFromLookups: tx!.meta!.loadedAddresses! });
    const programs = message.compiledInstructions.map((ix) =>
      keys.get(ix.programIdIndex)?.toBase58(),
    );
    const budget = ComputeBudgetProgram.programId.toBase58();
    const ata = ASSOCIATED_TOKEN_PROGRAM_ID.toBase58();
    expect(programs.filter((program) => program !== budget && program !== ata)).toEqual([
      programId.toBase58(),
    ]);
    const [history] = await connection.getSignaturesForAddress(presale, { limit: 1 });
    expect(history).toMatchObject({ signature: result.signature, memo: null });
  });

  it('buys twice when the same amount is bought again with the same read-ahead data', async () => {
    const buyer = await funded(5);
    const target = {
      buyer: buyer.publicKey,
      presale: new PublicKey(deployment.presales.public.address),
      mint: new PublicKey(deployment.mint),
    };
    // Read once (as the page reads ahead); the second click comes before the next read.
    const prepared = await preparePurchase(connection, target);
    const first = await buyFbt(
      { ...deps(signer(buyer)), prepared },
      await request('public', buyer, '0.2'),
    );
    if (!first.ok) throw new Error(first.message);
    expect(first.blockhash).toBe(prepared.blockhash);

    const second = await buyFbt(
      { ...deps(signer(buyer)), prepared, previousBlockhash: first.blockhash },
      await request('public', buyer, '0.2'),
    );
    if (!second.ok) throw new Error(second.message);
    // A newer blockhash, so a transaction of its own (the same one again would have been
    // dropped as already processed and read as confirmed by the first one's status).
    expect(second.blockhash).not.toBe(first.blockhash);
    expect(second.signature).not.toBe(first.signature);
    const record = await fetchBuyerRecord(
      connection,
      new PublicKey(deployment.programId),
      target.presale,
      buyer.publicKey,
    );
    expect(record?.fbtBuyedAmount).toBe(400_000_000n);
  });

  it('sends and reads the status in one JSON-RPC batch: confirmed without a status call of its own', async () => {
    const buyer = await funded(5);
    const statusReads: string[][] = [];
    const counting: BuyFbtDeps['connection'] = {
      getAccountInfo: connection.getAccountInfo.bind(connection),
      getLatestBlockhash: connection.getLatestBlockhash.bind(connection),
      getRecentPrioritizationFees: connection.getRecentPrioritizationFees.bind(connection),
      simulateTransaction: connection.simulateTransaction.bind(connection),
      sendRawTransaction: () => Promise.reject(new Error('sent outside the batch')),
      getSignatureStatuses: (signatures, config) => {
        statusReads.push(signatures);
        return connection.getSignatureStatuses(signatures, config);
      },
      isBlockhashValid: connection.isBlockhashValid.bind(connection),
    };
    const result = await buyFbt(
      {
        ...deps(signer(buyer)),
        connection: counting,
        sendWithStatus: createBatchedSender(connection.rpcEndpoint),
      },
      await request('public', buyer, '0.3'),
    );
    if (!result.ok) throw new Error(result.message);
    expect(statusReads).toEqual([]);
    const tx = await connection.getTransaction(result.signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(tx?.meta?.err).toBeNull();
    expect(tx?.slot).toBe(result.slot);
    expect(await fbtBalance(buyer.publicKey)).toBe(6_000_000_000n);
  });

  it('refuses an amount over the maximum before asking the wallet', async () => {
    const [, , buyer] = buyers;
    const calls = { count: 0 };
    const result = await buyFbt(deps(signer(buyer!, calls)), await request('public', buyer!, '11'));
    expect(result).toEqual({
      ok: false,
      stage: 'validating',
      message: 'Amount too high. Max 10 SOL',
    });
    expect(calls.count).toBe(0);
  });

  it('shows the program error from the simulation when the chain is stricter than the page', async () => {
    const [, , buyer] = buyers;
    const stale = await request('private', buyer!, '5');
    await updatePresaleLimits({
      connection,
      programId: new PublicKey(deployment.programId),
      seller: operator,
      presale: new PublicKey(deployment.presales.private.address),
      limits: { minUserBuyable: SOL / 10n, maxUserBuyable: 2n * SOL, maxTotalBuyable: 250n * SOL },
    });
    const calls = { count: 0 };
    const result = await buyFbt(deps(signer(buyer!, calls)), stale);
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ stage: 'simulating' });
    expect(!result.ok && result.message).toBe('The amount exceeds your remaining purchase limit.');
    expect(calls.count).toBe(0);
  });

  it('stops at signing with the wallet’s message when the buyer rejects', async () => {
    const [, , buyer] = buyers;
    const result = await buyFbt(
      deps(() => Promise.reject(new Error('User rejected the request.'))),
      await request('public', buyer!, '1'),
    );
    expect(result).toEqual({ ok: false, stage: 'signing', message: 'User rejected the request.' });
    expect(
      await connection.getTokenAccountBalance(fbtAccountOf(buyer!.publicKey)).catch(() => null),
    ).toBeNull();
  });
});
