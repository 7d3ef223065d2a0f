/**
 * The leader ledger as an index of the chain, on a real local chain whose leader presale has
 * its leaders on chain: leader buys are BuyWith naming a leader record (no memo needed), the
 * reconciler records them and the records' claims by itself, and reports are acknowledgements
 * checked against the chain. Forgeries are real transactions.
 */
import { Keypair, PublicKey, SystemProgram, type Connection } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderLedger, PresaleSnapshot } from '@fbt/domain';
import { leaderboardResponseSchema } from '@fbt/domain';
import {
  buildClaimCommissionInstruction,
  buildRegisterLeaderInstruction,
  fetchLeaderRecord,
  findLeaderRecordAddress,
  LEADER_RECORD_ACCOUNT_SIZE,
} from '@fbt/presale-client';
import { buildApp } from '../src/app';
import { createManualScheduler } from '../src/cache/scheduler';
import { loadConfig } from '../src/config';
import { createAppDeps, type WiredDeps } from '../src/create-bff';
import { startSeededChain, type SeededChain } from './support/chain-fixture';
import { TEST_SETTINGS } from './support/test-world';
import { v2Chain, type V2Chain } from './support/v2-chain';
import { failing, v2ForgeryCases } from './support/v2-forgeries';

const SOL = 1_000_000_000n;
let chain: SeededChain;
let v2: V2Chain;
let app: FastifyInstance;
let wired: WiredDeps;
let ledger: LeaderLedger;
let leader: Keypair;
let buyer: Keypair;
let stranger: Keypair;
const scheduler = createManualScheduler();

async function waitForLeaderPresale(seen: (snapshot: PresaleSnapshot) => boolean): Promise<void> {
  const resource = app.presaleCache.resources.leader;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const current = resource.current()?.value;
    if (current !== undefined && seen(current)) return;
    if (Date.now() > deadline) throw new Error('the leader presale never showed the change');
    await resource.refresh();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  chain = await startSeededChain();
  v2 = v2Chain(chain);
  wired = await createAppDeps(
    chain.deployment,
    loadConfig({ DATABASE_PATH: ':memory:', PYTH_HERMES_URL: '' }),
    { scheduler, logger: false, settings: TEST_SETTINGS },
  );
  ledger = wired.deps.ledger;
  [leader, buyer, stranger] = await Promise.all([
    chain.fundedKeypair(20),
    chain.fundedKeypair(60),
    chain.fundedKeypair(40),
  ]);
  await v2.registerLeader('alpha1', leader.publicKey);
  await v2.registerLeader('beta22', stranger.publicKey);
  app = await buildApp(wired.deps);
  await app.ready();
  await waitForLeaderPresale((p) => p.rules.leaderCount === 2n);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await wired?.close();
  await chain?.stop();
});

const report = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/leader-reports', payload });
const claim = (signature: string, wallet: Keypair, lamports: bigint, leaderCode = 'alpha1') => ({
  signature,
  wallet: wallet.publicKey.toBase58(),
  leaderCode,
  lamports: lamports.toString(),
});
const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { error?: { code?: string } }).error?.code;

async function onChainRecord(connection: Connection, code: string) {
  return fetchLeaderRecord(connection, v2.programId, v2.presale('leader'), code);
}

describe('leader buys through on-chain records', () => {
  it('records a reported BuyWith through the record with the commission the program paid, once', async () => {
    const lamports = 1_234_567_891n;
    const signature = await v2.buyWith(buyer, 'leader', lamports, {
      leaderRecord: v2.recordOf('alpha1'),
    });
    const first = await report(claim(signature, buyer, lamports));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'recorded',
      buy: {
        leaderCode: 'alpha1',
        lamports: lamports.toString(),
        commissionLamports: (lamports / 10n).toString(),
        source: 'report',
      },
    });
    const replay = await report(claim(signature, buyer, lamports));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ status: 'already-recorded' });
    const viaCt = await app.inject({
      method: 'POST',
      url: '/ct',
      payload: {
        txnHASH: signature,
        wallet: buyer.publicKey.toBase58(),
        leaderCode: 'alpha1',
        solsEarned: '1.234567891',
        solsClaimable: '0.123456789',
        timestamp: 1,
      },
    });
    expect(viaCt.statusCode).toBe(200);
    expect((await ledger.getLeaderSummary('alpha1'))?.buys).toBe(1);
  }, 60_000);

  it('the reconciler records an unreported BuyWith by its record: no memo, no report', async () => {
    const signature = await v2.buyWith(buyer, 'leader', 2n * SOL, {
      leaderRecord: v2.recordOf('alpha1'),
    });
    const outcome = await app.leaderIndex.reconcile();
    expect(outcome.recorded).toBeGreaterThanOrEqual(1);
    expect(await ledger.findBuy(signature)).toMatchObject({
      leaderCode: 'alpha1',
      wallet: buyer.publicKey.toBase58(),
      lamports: 2n * SOL,
      commissionLamports: SOL / 5n,
      source: 'reconciler',
    });
    // The ledger's totals are the record's.
    const record = await onChainRecord(chain.connection, 'alpha1');
    expect(await ledger.getLeaderSummary('alpha1')).toMatchObject({
      buys: Number(record?.buys),
      totalLamports: record?.volumeLamports,
      commissionLamports: record?.solsEarned,
    });
  }, 60_000);

  it('a code registered only on chain is indexed with the record’s wallet', async () => {
    const fresh = await chain.fundedKeypair(2);
    await v2.registerLeader('gamma3', fresh.publicKey);
    const signature = await v2.buyWith(buyer, 'leader', SOL, {
      leaderRecord: v2.recordOf('gamma3'),
    });
    expect(await ledger.findLeader('gamma3')).toBeNull();
    const response = await report(claim(signature, buyer, SOL, 'gamma3'));
    expect(response.statusCode).toBe(201);
    expect(await ledger.findLeader('gamma3')).toMatchObject({ wallet: fresh.publicKey.toBase58() });
  }, 60_000);

  it('refuses forged and foreign reports, each with its reason, recording nothing', async () => {
    const before = await ledger.getStats();
    const leaderPresale = app.presaleCache.resources.leader.current()?.value.state;
    if (leaderPresale === undefined) throw new Error('no leader presale');
    const buyAccounts = {
      programId: v2.programId,
      presale: v2.presale('leader'),
      seller: new PublicKey(leaderPresale.sellerPubkey),
      tempTokenAccount: new PublicKey(leaderPresale.tempTokenAccountPubkey),
      mint: new PublicKey(chain.deployment.mint),
    };
    // A forged record: 136 bytes like a record, owned by another program.
    const forged = Keypair.generate();
    await v2.send(
      [
        SystemProgram.createAccount({
          fromPubkey: stranger.publicKey,
          newAccountPubkey: forged.publicKey,
          lamports: await chain.connection.getMinimumBalanceForRentExemption(
            LEADER_RECORD_ACCOUNT_SIZE,
          ),
          space: LEADER_RECORD_ACCOUNT_SIZE,
          programId: SystemProgram.programId,
        }),
      ],
      [stranger, forged],
    );
    // A record of another presale (the public one).
    const [publicRecord] = findLeaderRecordAddress(v2.programId, v2.presale('public'), 'pub111');
    await v2.send(
      [
        buildRegisterLeaderInstruction({
          programId: v2.programId,
          seller: chain.seller.publicKey,
          presale: v2.presale('public'),
          code: 'pub111',
          leaderWallet: leader.publicKey,
        }),
      ],
      [chain.seller],
    );
    await v2.setLeaderActive('beta22', false);
    // The BFF's own reading: the forged account is no leader record, the public one is not
    // the leader presale's.
    const records = wired.deps.leaderRecords;
    expect(await records.readLeaderRecordAt(forged.publicKey.toBase58())).toBeNull();
    expect(await records.readLeaderRecordAt(publicRecord.toBase58())).toMatchObject({
      code: 'pub111',
      presale: chain.deployment.presales.public.address,
    });
    expect(await records.readLeaderRecordAt(v2.recordOf('beta22').toBase58())).toMatchObject({
      active: false,
    });

    const cases = v2ForgeryCases({
      chain,
      v2,
      buyer,
      leader,
      stranger,
      forged: forged.publicKey,
      publicRecord,
      buyAccounts,
      claim,
    });
    const answers = [];
    for (const [name, makeClaim, status, code] of cases) {
      const response = await report(await makeClaim());
      answers.push({ name, status: response.statusCode, code: errorCode(response) });
      expect(answers.at(-1)).toEqual({ name, status, code });
    }
    // Only the genuine alpha1 buy of the last case is a leader buy; the reconciler finds it,
    // and nothing else.
    await app.leaderIndex.reconcile();
    const after = await ledger.getStats();
    expect(after.buys).toBe(before.buys + 1);
    // The suspended code earned nothing, so the ledger never had to index it.
    expect(await ledger.getLeaderSummary('beta22')).toBeNull();
    expect(await ledger.findLeader('pub111')).toBeNull();
  }, 120_000);

  it('the reconciler records claims from the chain, never a claim by someone else', async () => {
    // Someone else signs ClaimCommission on alpha1's record: the program refuses it.
    await failing(
      chain,
      [
        buildClaimCommissionInstruction({
          programId: v2.programId,
          leaderWallet: stranger.publicKey,
          leaderRecord: v2.recordOf('alpha1'),
        }),
      ],
      stranger,
      'NotLeader',
    );
    await app.leaderIndex.reconcile();
    expect(await ledger.getClaimTotals('alpha1')).toEqual({ claims: 0, lamports: 0n });

    const before = await onChainRecord(chain.connection, 'alpha1');
    const signature = await v2.claim(leader, 'alpha1');
    const outcome = await app.leaderIndex.reconcile();
    expect(outcome.claims).toBe(1);
    expect(await ledger.findClaim(signature)).toMatchObject({
      leaderCode: 'alpha1',
      wallet: leader.publicKey.toBase58(),
      record: v2.recordOf('alpha1').toBase58(),
      lamports: before?.solsClaimable,
    });
    const after = await onChainRecord(chain.connection, 'alpha1');
    expect(await ledger.getClaimTotals('alpha1')).toEqual({
      claims: 1,
      lamports: after?.solsClaimed,
    });
    // Another pass finds nothing new.
    expect((await app.leaderIndex.reconcile()).claims).toBe(0);
  }, 60_000);

  it('the leaderboard shows the records’ on-chain totals', async () => {
    const body = leaderboardResponseSchema.parse((await app.inject('/api/v1/leaderboard')).json());
    const alpha = await onChainRecord(chain.connection, 'alpha1');
    const gamma = await onChainRecord(chain.connection, 'gamma3');
    expect(body.leaders).toEqual([
      {
        code: 'alpha1',
        buys: Number(alpha?.buys),
        totalLamports: alpha?.volumeLamports.toString(),
        commissionLamports: alpha?.solsEarned.toString(),
      },
      {
        code: 'gamma3',
        buys: Number(gamma?.buys),
        totalLamports: gamma?.volumeLamports.toString(),
        commissionLamports: gamma?.solsEarned.toString(),
      },
    ]);
  });
});
