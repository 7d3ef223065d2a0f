/**
 * The behaviour every `LeaderLedger` store owes the BFF, as one suite run against each engine
 * (SQLite in `sqlite-leader-ledger.test.ts`, PostgreSQL in `postgres-leader-ledger.test.ts`):
 * the BFF may be switched from one to the other by configuration, so both must answer alike,
 * down to error codes, ordering and lamports beyond 2^53.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock, LeaderLedger, NewLeaderBuy } from '@fbt/domain';
import { isAdapterError } from '../../src/adapter-error';
import { randomAddress, randomSignature } from './random-ids';

/** The fixed time the contract's ledgers are opened with (every stored time is this one). */
export const CONTRACT_CLOCK: Clock = { now: () => Date.UTC(2026, 10, 21, 12, 0, 0) };

/** Opens an empty ledger on a fresh database with the given clock. */
export type OpenLedger = (clock: Clock) => LeaderLedger | Promise<LeaderLedger>;

/** A leader record's leader to index: `code` paying a fresh wallet through a fresh record. */
export function leaderOf(code: string): { code: string; wallet: string; record: string } {
  return { code, wallet: randomAddress(), record: randomAddress() };
}

/**
 * A leader buy through `record` for `code` with a fresh signature and buyer (commission 10%).
 */
export function buyOf(
  code: string,
  lamports: bigint,
  slot = 10,
  record = randomAddress(),
): NewLeaderBuy {
  return {
    signature: randomSignature(),
    wallet: randomAddress(),
    leaderCode: code,
    lamports,
    commissionLamports: lamports / 10n,
    record,
    slot,
    blockTime: 1_790_000_000,
    source: 'report',
  };
}

/** Indexes `code` in `ledger` (a fresh record and wallet); returns its record address. */
async function indexed(ledger: LeaderLedger, code: string): Promise<string> {
  return (await ledger.indexLeader(leaderOf(code))).record ?? '';
}

/**
 * Registers the contract suite for one engine. Every ledger the suite opens is closed after
 * its test.
 */
export function describeLeaderLedgerContract(name: string, open: OpenLedger): void {
  describe(`${name} leader ledger (contract)`, () => {
    const opened: LeaderLedger[] = [];
    const openLedger = async (): Promise<LeaderLedger> => {
      const ledger = await open(CONTRACT_CLOCK);
      opened.push(ledger);
      return ledger;
    };

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((ledger) => ledger.close()));
    });

    it('indexes the leader of a record and finds it by code', async () => {
      const ledger = await openLedger();
      const leader = leaderOf('beast42');
      const stored = await ledger.indexLeader(leader);
      expect(stored).toEqual({ ...leader, createdAt: '2026-11-21T12:00:00.000Z' });
      expect(await ledger.findLeader('beast42')).toEqual(stored);
      expect(await ledger.findLeader('nobody')).toBeNull();
    });

    it('indexing a record again changes nothing; another record for the code takes over', async () => {
      const ledger = await openLedger();
      const leader = leaderOf('beast42');
      const first = await ledger.indexLeader(leader);
      await expect(ledger.indexLeader(leader)).resolves.toEqual(first);
      // The chain decides who is paid: the code follows the record it was last met through.
      const moved = leaderOf('beast42');
      await expect(ledger.indexLeader(moved)).resolves.toEqual({
        ...moved,
        createdAt: first.createdAt,
      });
      expect((await ledger.getStats()).leaders).toBe(1);
    });

    it.each([
      ['a malformed code', { ...leaderOf('beast42'), code: 'x' }, 'LEDGER__INVALID_LEADER_CODE'],
      ['a malformed wallet', { ...leaderOf('beast42'), wallet: 'nope' }, 'LEDGER__INVALID_WALLET'],
      ['a malformed record', { ...leaderOf('beast42'), record: 'nope' }, 'LEDGER__INVALID_RECORD'],
    ] as const)('refuses to index %s', async (_name, leader, code) => {
      const ledger = await openLedger();
      await expect(ledger.indexLeader(leader)).rejects.toSatisfy((error) =>
        isAdapterError(error, code),
      );
      expect((await ledger.getStats()).leaders).toBe(0);
    });

    it('records a buy once per signature and returns the stored row on replay', async () => {
      const ledger = await openLedger();
      const record = await indexed(ledger, 'beast42');
      const buy = buyOf('beast42', 1_500_000_000n, 10, record);
      const first = await ledger.recordBuy(buy);
      expect(first.inserted).toBe(true);
      expect(first.buy).toEqual({ ...buy, recordedAt: '2026-11-21T12:00:00.000Z' });
      const second = await ledger.recordBuy({ ...buy, lamports: 9n, source: 'reconciler' });
      expect(second).toEqual({ inserted: false, buy: first.buy });
      expect(await ledger.findBuy(buy.signature)).toEqual(first.buy);
      expect(await ledger.findBuy(randomSignature())).toBeNull();
    });

    it('keeps lamports exact beyond 2^53', async () => {
      const ledger = await openLedger();
      await indexed(ledger, 'whale');
      const big = 9_007_199_254_740_993n; // 2^53 + 1
      const { buy } = await ledger.recordBuy(buyOf('whale', big));
      expect(buy.lamports).toBe(big);
      expect((await ledger.getLeaderSummary('whale'))?.totalLamports).toBe(big);
    });

    it('refuses a buy for a leader it has not indexed', async () => {
      const ledger = await openLedger();
      await expect(ledger.recordBuy(buyOf('ghost', 1n))).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__UNKNOWN_LEADER'),
      );
    });

    it('refuses a malformed signature or record and a negative amount', async () => {
      const ledger = await openLedger();
      await indexed(ledger, 'beast42');
      await expect(
        ledger.recordBuy({ ...buyOf('beast42', 1n), signature: 'nope' }),
      ).rejects.toSatisfy((error) => isAdapterError(error, 'LEDGER__INVALID_SIGNATURE'));
      await expect(ledger.recordBuy({ ...buyOf('beast42', 1n), record: 'nope' })).rejects.toSatisfy(
        (error) => isAdapterError(error, 'LEDGER__INVALID_RECORD'),
      );
      await expect(ledger.recordBuy(buyOf('beast42', -1n))).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__INVALID_AMOUNT'),
      );
      expect((await ledger.getStats()).buys).toBe(0);
    });

    it('sums buys and commissions per leader and ranks the leaderboard by total', async () => {
      const ledger = await openLedger();
      for (const code of ['alpha', 'bravo', 'charlie']) await indexed(ledger, code);
      await ledger.recordBuy(buyOf('alpha', 1_000_000_000n, 1));
      await ledger.recordBuy(buyOf('alpha', 2_000_000_000n, 2));
      await ledger.recordBuy(buyOf('bravo', 5_000_000_000n, 3));

      expect(await ledger.getLeaderSummary('alpha')).toEqual({
        code: 'alpha',
        buys: 2,
        totalLamports: 3_000_000_000n,
        commissionLamports: 300_000_000n,
      });
      expect(await ledger.getLeaderSummary('charlie')).toEqual({
        code: 'charlie',
        buys: 0,
        totalLamports: 0n,
        commissionLamports: 0n,
      });
      expect(await ledger.getLeaderSummary('nobody')).toBeNull();
      expect(await ledger.getStats()).toEqual({
        leaders: 3,
        buys: 3,
        totalLamports: 8_000_000_000n,
        commissionLamports: 800_000_000n,
      });
      expect((await ledger.getLeaderboard(10)).map((row) => row.code)).toEqual(['bravo', 'alpha']);
      expect((await ledger.listRecentBuys('alpha', 1)).map((row) => row.slot)).toEqual([2]);
      await expect(ledger.getLeaderboard(0)).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__INVALID_LIMIT'),
      );
    });

    it('breaks leaderboard ties by code in byte order, whatever the collation', async () => {
      const ledger = await openLedger();
      for (const code of ['beta', 'Zulu', 'al-pha', 'al_pha']) {
        await ledger.recordBuy(buyOf(code, 1_000n, 10, await indexed(ledger, code)));
      }
      expect((await ledger.getLeaderboard(10)).map((row) => row.code)).toEqual([
        'Zulu',
        'al-pha',
        'al_pha',
        'beta',
      ]);
    });

    it('keeps the reconciler cursor per scope, only ever moving it forward', async () => {
      const ledger = await openLedger();
      const scope = randomAddress();
      expect(await ledger.getReconcileCursor(scope)).toBeNull();
      const first = { signature: randomSignature(), slot: 40 };
      expect(await ledger.advanceReconcileCursor(scope, first)).toEqual({
        ...first,
        updatedAt: new Date(CONTRACT_CLOCK.now()).toISOString(),
      });
      const later = { signature: randomSignature(), slot: 2 ** 40 };
      await ledger.advanceReconcileCursor(scope, later);
      // Another instance finishing an older pass afterwards does not move it back.
      const stale = await ledger.advanceReconcileCursor(scope, {
        signature: randomSignature(),
        slot: 41,
      });
      expect(stale).toMatchObject(later);
      expect(await ledger.getReconcileCursor(scope)).toMatchObject(later);
      expect(await ledger.getReconcileCursor(randomAddress())).toBeNull();
      await expect(ledger.advanceReconcileCursor('nope', first)).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__INVALID_SCOPE'),
      );
      await expect(
        ledger.advanceReconcileCursor(scope, { signature: 'x', slot: 1 }),
      ).rejects.toSatisfy((error) => isAdapterError(error, 'LEDGER__INVALID_SIGNATURE'));
      await expect(
        ledger.advanceReconcileCursor(scope, { signature: randomSignature(), slot: -1 }),
      ).rejects.toSatisfy((error) => isAdapterError(error, 'LEDGER__INVALID_SLOT'));
    });

    it('reports the schema version it migrated to (4: leader records)', async () => {
      const ledger = await openLedger();
      expect(await ledger.getSchemaVersion()).toBe(4);
    });

    it('records a commission claim once per signature and totals the claims per code', async () => {
      const ledger = await openLedger();
      const { wallet, record } = await ledger.indexLeader(leaderOf('beast42'));
      expect(await ledger.getClaimTotals('beast42')).toEqual({ claims: 0, lamports: 0n });
      const claim = {
        signature: randomSignature(),
        leaderCode: 'beast42',
        wallet,
        record: record ?? '',
        lamports: 2n ** 60n + 7n,
        slot: 44,
        blockTime: 1_790_000_000,
      };
      const first = await ledger.recordClaim(claim);
      expect(first).toEqual({
        inserted: true,
        claim: { ...claim, recordedAt: '2026-11-21T12:00:00.000Z' },
      });
      const replay = await ledger.recordClaim({ ...claim, lamports: 1n });
      expect(replay).toEqual({ inserted: false, claim: first.claim });
      await ledger.recordClaim({
        ...claim,
        signature: randomSignature(),
        lamports: 3n,
        blockTime: null,
      });
      expect(await ledger.findClaim(claim.signature)).toEqual(first.claim);
      expect(await ledger.findClaim(randomSignature())).toBeNull();
      expect(await ledger.getClaimTotals('beast42')).toEqual({
        claims: 2,
        lamports: 2n ** 60n + 10n,
      });
      expect(await ledger.getClaimTotals('other77')).toEqual({ claims: 0, lamports: 0n });
    });

    it('refuses a claim of a code not indexed, a malformed signature or record, no lamports', async () => {
      const ledger = await openLedger();
      const claim = {
        signature: randomSignature(),
        leaderCode: 'ghost99',
        wallet: randomAddress(),
        record: randomAddress(),
        lamports: 5n,
        slot: 1,
        blockTime: null,
      };
      await expect(ledger.recordClaim(claim)).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__UNKNOWN_LEADER'),
      );
      await ledger.indexLeader({ code: 'ghost99', wallet: claim.wallet, record: claim.record });
      await expect(ledger.recordClaim({ ...claim, signature: 'nope' })).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__INVALID_SIGNATURE'),
      );
      await expect(ledger.recordClaim({ ...claim, record: 'nope' })).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__INVALID_RECORD'),
      );
      await expect(ledger.recordClaim({ ...claim, lamports: 0n })).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__INVALID_AMOUNT'),
      );
      expect(await ledger.getClaimTotals('ghost99')).toEqual({ claims: 0, lamports: 0n });
    });

    it('stores operator-set community counts', async () => {
      const ledger = await openLedger();
      expect(await ledger.getOperatorCount('telegram')).toBeNull();
      await ledger.setOperatorCount('telegram', 1234);
      await ledger.setOperatorCount('telegram', 1500);
      expect(await ledger.getOperatorCount('telegram')).toBe(1500);
      await expect(ledger.setOperatorCount('twitter', -1)).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__INVALID_COUNT'),
      );
    });
  });
}

/**
 * What an earlier version (schema 3) left in a ledger: a code registered in the ledger alone
 * (no leader record) and a buy recorded for it through the memo `fbt:leader:<code>`. Each
 * engine's test writes these rows into a ledger migrated to 3 with its own SQL, then opens it.
 */
export const LEGACY_LEADER = { code: 'oldtimer', wallet: randomAddress() } as const;
export const LEGACY_BUY = {
  signature: randomSignature(),
  wallet: randomAddress(),
  lamports: 3_000_000_000n,
  commissionLamports: 300_000_000n,
  slot: 7,
  blockTime: 1_780_000_000,
} as const;

/**
 * The upgrade keeps an earlier version's rows as history: the code and its buy are still there,
 * marked by a `null` record, and counted in the code's totals; once the code is met through an
 * on-chain record it takes that record and wallet, and its new buys name the record.
 */
export async function expectLegacyRowsKept(ledger: LeaderLedger): Promise<void> {
  expect(await ledger.getSchemaVersion()).toBe(4);
  expect(await ledger.findLeader(LEGACY_LEADER.code)).toMatchObject({
    ...LEGACY_LEADER,
    record: null,
  });
  expect(await ledger.findBuy(LEGACY_BUY.signature)).toMatchObject({
    ...LEGACY_BUY,
    leaderCode: LEGACY_LEADER.code,
    record: null,
    source: 'report',
  });
  const leader = { ...leaderOf(LEGACY_LEADER.code) };
  expect(await ledger.indexLeader(leader)).toMatchObject(leader);
  const buy = buyOf(LEGACY_LEADER.code, 1_000_000_000n, 99, leader.record);
  await ledger.recordBuy(buy);
  expect(
    (await ledger.listRecentBuys(LEGACY_LEADER.code, 10)).map((row) => [row.signature, row.record]),
  ).toEqual([
    [buy.signature, leader.record],
    [LEGACY_BUY.signature, null],
  ]);
  expect(await ledger.getLeaderSummary(LEGACY_LEADER.code)).toEqual({
    code: LEGACY_LEADER.code,
    buys: 2,
    totalLamports: 4_000_000_000n,
    commissionLamports: 400_000_000n,
  });
}
