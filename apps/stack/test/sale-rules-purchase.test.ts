// The purchase flow (@fbt/purchase) on the v2 paths, against our program on a local chain: a
// leader buy paying the code's record, an allowlisted buy carrying its proof, the largest buy
// (first, through a leader, with a 20-hash proof) fitting one transaction through the
// deployment's lookup table, the sale window, and a leader claiming the commission; each
// refusal comes from the simulation, named. Its FBT is a classic SPL Token mint, so the purchase
// flow stays proven on both token programs (the other suites run on the seeded Token-2022 FBT).
import {
  allowlistLeaf,
  allowlistNode,
  buildAllowlistTree,
  buildSetAllowlistInstruction,
  buildSetLeaderActiveInstruction,
  buildSetWindowInstruction,
  buyComputeUnitLimit,
  fetchLeaderRecord,
  MAX_ALLOWLIST_PROOF_DEPTH,
  PresaleInstruction,
  verifyAllowlistProof,
} from '@fbt/presale-client';
import { buyFbt, claimCommission, type ClaimStage } from '@fbt/purchase';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PACKET_DATA_SIZE, PublicKey, type VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  balance,
  computeOf,
  connection,
  deployment,
  deps,
  funded,
  operator,
  presaleOf,
  programId,
  registerLeader,
  request,
  sendAsSeller,
  SOL,
  useLocalChain,
} from './support/local-chain';

useLocalChain({ tokenProgram: 'spl-token' });

describe('a leader buy names the code’s record', () => {
  it('the program pays 10% to the record and 90% to the seller; the limit is sized for that path', async () => {
    const leader = await funded(1);
    const record = await registerLeader('pays10', leader.publicKey);
    const buyer = await funded();
    const seller = operator.publicKey;
    const [sellerBefore, recordBefore] = await Promise.all([balance(seller), balance(record)]);

    const result = await buyFbt(
      deps(buyer),
      await request('leader', buyer, '2', { leaderRecord: record }),
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
      await request('leader', leader, '1', { leaderRecord: record }),
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
      await request('leader', buyer, '1', { leaderRecord: record }),
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

  it('a second claim never reuses the first one’s blockhash, so it pays what accrued since', async () => {
    const leader = await funded(1);
    const record = await registerLeader('twice', leader.publicKey);
    const buyer = await funded();
    const buy = async (amount: string) =>
      expect(
        (
          await buyFbt(
            deps(buyer),
            await request('leader', buyer, amount, { leaderRecord: record }),
          )
        ).ok,
      ).toBe(true);
    await buy('1');
    const first = await claimCommission(deps(leader), {
      programId,
      leaderWallet: leader.publicKey,
      leaderRecord: record,
    });
    if (!first.ok) throw new Error(first.message);
    expect(first.claimedLamports).toBe(SOL / 10n);
    await buy('2');
    // An RPC node that still answers the first claim's blockhash (cached, or behind): with it the
    // second claim would be the first transaction again, dropped as already processed.
    let staleAnswers = 0;
    const stale = Object.create(connection) as typeof connection;
    stale.getLatestBlockhash = async (commitment) => {
      const latest = await connection.getLatestBlockhash(commitment);
      return staleAnswers++ > 0 ? latest : { ...latest, blockhash: first.blockhash };
    };
    const second = await claimCommission(
      { ...deps(leader), connection: stale, previousBlockhash: first.blockhash },
      { programId, leaderWallet: leader.publicKey, leaderRecord: record },
    );
    if (!second.ok) throw new Error(second.message);
    expect(staleAnswers).toBeGreaterThan(1);
    expect(second.blockhash).not.toBe(first.blockhash);
    expect(second.signature).not.toBe(first.signature);
    expect(second.claimedLamports).toBe(SOL / 5n);
    expect(
      await fetchLeaderRecord(connection, programId, presaleOf('leader'), 'twice'),
    ).toMatchObject({ solsClaimed: (3n * SOL) / 10n, solsClaimable: 0n });
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
    // 64 wallets: a full tree, so every proof has exactly 6 hashes whatever the keys sort as.
    const others = Array.from({ length: 63 }, () => Keypair.generate().publicKey);
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

describe('the largest buy fits one transaction', () => {
  it('a first leader buy with a 20-hash proof lands through the lookup table, and pays the leader', async () => {
    const leader = await funded(1);
    const record = await registerLeader('deep20', leader.publicKey);
    const buyer = await funded();
    const presale = presaleOf('leader');
    // A proof of the deepest tree the program takes (2^20 wallets): the buyer's leaf and 20
    // sibling hashes up to the root stored on chain.
    const proof = Array.from({ length: MAX_ALLOWLIST_PROOF_DEPTH }, () =>
      Keypair.generate().publicKey.toBytes(),
    );
    const root = proof.reduce(allowlistNode, allowlistLeaf(presale, buyer.publicKey));
    expect(verifyAllowlistProof(root, presale, buyer.publicKey, proof)).toBe(true);
    const setRoot = (value: Uint8Array | null) =>
      sendAsSeller(
        buildSetAllowlistInstruction({
          programId,
          seller: operator.publicKey,
          presale,
          root: value,
        }),
      );
    await setRoot(root);
    try {
      const buy = { leaderRecord: record, allowlistProof: proof };
      // As a legacy transaction it is over the packet size: the chain refuses it before the
      // wallet is asked.
      const calls = { count: 0 };
      const legacy = await buyFbt(deps(buyer, calls), await request('leader', buyer, '1', buy));
      expect(legacy).toMatchObject({ ok: false, stage: 'simulating' });
      expect(legacy.ok ? '' : legacy.message).toMatch(/transaction too large: \d+ bytes/);
      expect(calls.count).toBe(0);

      expect(deployment.lookupTable).toEqual(expect.any(String));
      const lookupTable = new PublicKey(deployment.lookupTable!);
      const signed: VersionedTransaction[] = [];
      const recordBefore = await balance(record);
      const result = await buyFbt(
        {
          ...deps(buyer),
          signTransaction: (transaction) => {
            transaction.sign([buyer]);
            signed.push(transaction);
            return Promise.resolve(transaction);
          },
        },
        await request('leader', buyer, '1', { ...buy, lookupTable }),
      );
      if (!result.ok) throw new Error(result.message);

      const [transaction] = signed;
      expect(transaction?.version).toBe(0);
      expect(transaction!.serialize().length).toBeLessThanOrEqual(PACKET_DATA_SIZE);
      expect(transaction!.message.addressTableLookups[0]?.accountKey.equals(lookupTable)).toBe(
        true,
      );
      // It created the buyer's token account and carried the whole proof.
      const ata = getAssociatedTokenAddressSync(new PublicKey(deployment.mint), buyer.publicKey);
      expect(BigInt((await connection.getTokenAccountBalance(ata, 'confirmed')).value.amount)).toBe(
        20_000n * 1_000_000n,
      );
      const buyWith = transaction!.message.compiledInstructions.find(
        (ix) => ix.data[0] === PresaleInstruction.BuyWith,
      );
      expect(buyWith?.data.length).toBe(11 + 32 * MAX_ALLOWLIST_PROOF_DEPTH);
      // The leader is paid through the record: 10% of 1 SOL.
      expect((await balance(record)) - recordBefore).toBe(SOL / 10n);
      expect(await fetchLeaderRecord(connection, programId, presale, 'deep20')).toMatchObject({
        volumeLamports: SOL,
        buys: 1n,
      });
      const { limit, used } = await computeOf(result.signature);
      expect(limit).toBe(buyComputeUnitLimit(used));
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
