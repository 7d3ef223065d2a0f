// The purchase flow (@fbt/purchase) on the v2 paths, against our program on a local chain: a
// leader buy paying the code's record, an allowlisted buy carrying its proof, the sale window,
// and a leader claiming the commission; each refusal comes from the simulation, named.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LAMPORTS_PER_SOL, decodePresaleState } from '@fbt/domain';
import { createLocalnet, type Localnet } from '@fbt/localnet';
import { readKeypairFile, seedLocalChain, seededWalletFiles } from '@fbt/operator';
import {
  buildAllowlistTree,
  buildRegisterLeaderInstruction,
  buildSetAllowlistInstruction,
  buildSetLeaderActiveInstruction,
  buildSetWindowInstruction,
  buyComputeUnitLimit,
  fetchLeaderRecord,
  findLeaderRecordAddress,
} from '@fbt/presale-client';
import {
  buyFbt,
  claimCommission,
  confirmSignature,
  type BuyFbtRequest,
  type ClaimStage,
  type TransactionDeps,
} from '@fbt/purchase';
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  PublicKey,
  Transaction,
  type TransactionInstruction,
  type VersionedTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SOL = LAMPORTS_PER_SOL;
let localnet: Localnet;
let dataDir: string;
let connection: Connection;
let deployment: Awaited<ReturnType<typeof seedLocalChain>>['deployment'];
let operator: Keypair;
let programId: PublicKey;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fbt-sale-rules-'));
  localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir, slotMs: 100 });
  connection = new Connection(localnet.rpcUrl, {
    commitment: 'confirmed',
    wsEndpoint: localnet.wsUrl,
  });
  const seeded = await seedLocalChain({
    connection,
    rpcUrl: localnet.rpcUrl,
    wsUrl: localnet.wsUrl,
    dataDir,
  });
  deployment = seeded.deployment;
  operator = readKeypairFile(seededWalletFiles(dataDir).operator);
  programId = new PublicKey(deployment.programId);
});

afterAll(async () => {
  await localnet?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Variant = 'public' | 'private' | 'leader';
const presaleOf = (variant: Variant) => new PublicKey(deployment.presales[variant].address);

/**
 * Waits for `signature` by polling its status (no websocket subscription, whose background
 * requests could outlive the test and hit the stopped chain).
 */
async function waitConfirmed(signature: string): Promise<void> {
  for (;;) {
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function funded(sol = 20): Promise<Keypair> {
  const wallet = Keypair.generate();
  await waitConfirmed(await connection.requestAirdrop(wallet.publicKey, Number(BigInt(sol) * SOL)));
  return wallet;
}

/** A seller-only instruction, signed by the seeded operator (the seller) and confirmed. */
async function sendAsSeller(instruction: TransactionInstruction): Promise<void> {
  const { blockhash } = await connection.getLatestBlockhash('confirmed');
  const tx = new Transaction({ feePayer: operator.publicKey, recentBlockhash: blockhash });
  tx.add(instruction).sign(operator);
  const rawTransaction = tx.serialize();
  const signature = await connection.sendRawTransaction(rawTransaction);
  const outcome = await confirmSignature({ connection, signature, blockhash, rawTransaction });
  if (outcome.status !== 'confirmed') throw new Error(`seller instruction ${outcome.status}`);
}

function signer(wallet: Keypair, calls: { count: number }) {
  return (transaction: VersionedTransaction): Promise<VersionedTransaction> => {
    calls.count++;
    transaction.sign([wallet]);
    return Promise.resolve(transaction);
  };
}

function deps(wallet: Keypair, calls = { count: 0 }): TransactionDeps {
  return { connection, signTransaction: signer(wallet, calls), pollIntervalMs: 100 };
}

async function request(
  variant: Variant,
  buyer: Keypair,
  amountInput: string,
  extra: Partial<BuyFbtRequest> = {},
): Promise<BuyFbtRequest> {
  const info = await connection.getAccountInfo(presaleOf(variant), 'confirmed');
  if (info === null) throw new Error(`presale ${variant} missing`);
  return {
    programId,
    presale: presaleOf(variant),
    mint: new PublicKey(deployment.mint),
    state: decodePresaleState(info.data),
    buyer: buyer.publicKey,
    amountInput,
    boughtLamports: 0n,
    ...extra,
  };
}

async function registerLeader(code: string, wallet: PublicKey): Promise<PublicKey> {
  await sendAsSeller(
    buildRegisterLeaderInstruction({
      programId,
      seller: operator.publicKey,
      presale: presaleOf('leader'),
      code,
      leaderWallet: wallet,
    }),
  );
  return findLeaderRecordAddress(programId, presaleOf('leader'), code)[0];
}

const balance = async (key: PublicKey) => BigInt(await connection.getBalance(key, 'confirmed'));

/** The compute-unit limit the confirmed transaction asked for, and what it used. */
async function computeOf(signature: string): Promise<{ limit: number; used: number }> {
  const tx = await connection.getTransaction(signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  const message = tx!.transaction.message;
  const budget = message.compiledInstructions.find((ix) =>
    message.staticAccountKeys[ix.programIdIndex]?.equals(ComputeBudgetProgram.programId),
  );
  // SetComputeUnitLimit: tag 2, then the u32 limit.
  const data = Buffer.from(budget!.data);
  expect(data[0]).toBe(2);
  return { limit: data.readUInt32LE(1), used: tx!.meta!.computeUnitsConsumed! };
}

describe('a leader buy names the code’s record', () => {
  it('the program pays 10% to the record and 90% to the seller; the limit is sized for that path', async () => {
    const leader = await funded(1);
    const record = await registerLeader('pays10', leader.publicKey);
    const buyer = await funded();
    const seller = operator.publicKey;
    const [sellerBefore, recordBefore] = await Promise.all([balance(seller), balance(record)]);

    const result = await buyFbt(
      deps(buyer),
      await request('leader', buyer, '2', { leaderCode: 'pays10', leaderRecord: record }),
    );
    if (!result.ok) throw new Error(result.message);

    expect((await balance(seller)) - sellerBefore).toBe((18n * SOL) / 10n);
    expect((await balance(record)) - recordBefore).toBe(SOL / 5n);
    expect(
      await fetchLeaderRecord(connection, programId, presaleOf('leader'), 'pays10'),
    ).toMatchObject({
      volumeLamports: 2n * SOL,
      buys: 1n,
      solsEarned: SOL / 5n,
      solsClaimable: SOL / 5n,
    });
    const { limit, used } = await computeOf(result.signature);
    expect(limit).toBe(buyComputeUnitLimit(used));
  });

  it('the leader’s own wallet is refused by the simulation (SelfReferral), before the wallet signs', async () => {
    const leader = await funded(5);
    const record = await registerLeader('selfie', leader.publicKey);
    const calls = { count: 0 };
    const result = await buyFbt(
      deps(leader, calls),
      await request('leader', leader, '1', { leaderCode: 'selfie', leaderRecord: record }),
    );
    expect(result).toMatchObject({
      ok: false,
      stage: 'simulating',
      message: 'A leader cannot buy through their own code.',
      programError: { code: 6037, name: 'SelfReferral' },
    });
    expect(calls.count).toBe(0);
  });

  it('a suspended code is refused (LeaderInactive); without its record the buy goes through', async () => {
    const record = await registerLeader('paused', (await funded(1)).publicKey);
    await sendAsSeller(
      buildSetLeaderActiveInstruction({
        programId,
        seller: operator.publicKey,
        presale: presaleOf('leader'),
        code: 'paused',
        active: false,
      }),
    );
    const buyer = await funded();
    const refused = await buyFbt(
      deps(buyer),
      await request('leader', buyer, '1', { leaderCode: 'paused', leaderRecord: record }),
    );
    expect(refused).toMatchObject({ ok: false, programError: { name: 'LeaderInactive' } });
    const plain = await buyFbt(deps(buyer), await request('leader', buyer, '1'));
    expect(plain.ok).toBe(true);
  });
});

describe('claiming the commission', () => {
  it('pays the leader exactly what the record accrued, says how much, then has nothing left', async () => {
    const leader = await funded(1);
    const record = await registerLeader('claimer', leader.publicKey);
    const buyer = await funded();
    for (const amount of ['1', '0.5']) {
      const bought = await buyFbt(
        deps(buyer),
        await request('leader', buyer, amount, { leaderRecord: record }),
      );
      expect(bought.ok).toBe(true);
    }
    const walletBefore = await balance(leader.publicKey);
    const stages: ClaimStage[] = [];
    const claimed = await claimCommission(
      { ...deps(leader), onStage: (stage) => stages.push(stage) },
      { programId, leaderWallet: leader.publicKey, leaderRecord: record },
    );
    if (!claimed.ok) throw new Error(claimed.message);
    expect(claimed.claimedLamports).toBe((15n * SOL) / 100n);
    expect(stages).toEqual(['preparing', 'simulating', 'signing', 'sending', 'confirming']);
    const tx = await connection.getTransaction(claimed.signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect((await balance(leader.publicKey)) - walletBefore).toBe(
      (15n * SOL) / 100n - BigInt(tx!.meta!.fee),
    );
    const { limit, used } = await computeOf(claimed.signature);
    expect(limit).toBe(buyComputeUnitLimit(used));
    expect(
      await fetchLeaderRecord(connection, programId, presaleOf('leader'), 'claimer'),
    ).toMatchObject({
      solsClaimed: (15n * SOL) / 100n,
      solsClaimable: 0n,
    });

    const calls = { count: 0 };
    const again = await claimCommission(deps(leader, calls), {
      programId,
      leaderWallet: leader.publicKey,
      leaderRecord: record,
    });
    expect(again).toEqual({
      ok: false,
      stage: 'preparing',
      message: 'There is no commission to claim.',
      programError: { code: 6039, name: 'NothingToClaim' },
    });
    expect(calls.count).toBe(0);
  });

  it('another wallet cannot claim a code’s commission (NotLeader), and is never asked to sign', async () => {
    const record = await registerLeader('notyours', (await funded(1)).publicKey);
    const buyer = await funded();
    expect(
      (await buyFbt(deps(buyer), await request('leader', buyer, '1', { leaderRecord: record }))).ok,
    ).toBe(true);
    const calls = { count: 0 };
    const result = await claimCommission(deps(buyer, calls), {
      programId,
      leaderWallet: buyer.publicKey,
      leaderRecord: record,
    });
    expect(result).toMatchObject({
      ok: false,
      stage: 'preparing',
      programError: { code: 6038, name: 'NotLeader' },
    });
    expect(calls.count).toBe(0);
  });
});

describe('the private round’s allowlist', () => {
  it('a listed wallet buys with its proof; an unlisted one is refused as NotAllowlisted', async () => {
    const listed = await funded();
    const unlisted = await funded();
    const others = Array.from({ length: 37 }, () => Keypair.generate().publicKey);
    const tree = buildAllowlistTree(presaleOf('private'), [listed.publicKey, ...others]);
    const setRoot = (root: Uint8Array | null) =>
      sendAsSeller(
        buildSetAllowlistInstruction({
          programId,
          seller: operator.publicKey,
          presale: presaleOf('private'),
          root,
        }),
      );
    await setRoot(tree.root);
    try {
      const proof = tree.proofFor(listed.publicKey);
      expect(proof.length).toBe(6);
      const ok = await buyFbt(
        deps(listed),
        await request('private', listed, '1', { allowlistProof: proof }),
      );
      if (!ok.ok) throw new Error(ok.message);
      const { limit, used } = await computeOf(ok.signature);
      expect(limit).toBe(buyComputeUnitLimit(used));

      const calls = { count: 0 };
      const refused = await buyFbt(deps(unlisted, calls), await request('private', unlisted, '1'));
      expect(refused).toMatchObject({
        ok: false,
        stage: 'simulating',
        programError: { code: 6040, name: 'NotAllowlisted' },
      });
      expect(calls.count).toBe(0);
    } finally {
      await setRoot(null);
    }
  });
});

describe('the sale window', () => {
  it.each([
    ['not started', 3_600n, 7_200n, 6041, 'SaleNotStarted'],
    ['ended', -7_200n, -3_600n, 6042, 'SaleEnded'],
  ] as const)('a buy when the sale has %s is refused as %s', async (_, from, to, code, name) => {
    const now = BigInt(Math.floor(Date.now() / 1000));
    const setWindow = (start: bigint, end: bigint) =>
      sendAsSeller(
        buildSetWindowInstruction({
          programId,
          seller: operator.publicKey,
          presale: presaleOf('public'),
          start,
          end,
        }),
      );
    await setWindow(now + from, now + to);
    try {
      const buyer = await funded();
      const result = await buyFbt(deps(buyer), await request('public', buyer, '1'));
      expect(result).toMatchObject({
        ok: false,
        stage: 'simulating',
        programError: { code, name },
      });
    } finally {
      await setWindow(0n, 0n);
    }
  });
});
