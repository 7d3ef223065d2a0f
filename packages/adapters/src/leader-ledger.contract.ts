/**
 * The behaviour every `LeaderLedger` store owes the BFF, as one suite run against each engine
 * (SQLite in `sqlite-leader-ledger.test.ts`, PostgreSQL in `postgres-leader-ledger.test.ts`):
 * the BFF may be switched from one to the other by configuration, so both must answer alike,
 * down to error codes, ordering and lamports beyond 2^53.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock, LeaderBuy, LeaderLedger } from '@fbt/domain';
import { isAdapterError } from './adapter-error';
import { randomAddress, randomSignature } from './test-fixtures';

/** The fixed time the contract's ledgers are opened with (every stored time is this one). */
export const CONTRACT_CLOCK: Clock = { now: () => Date.UTC(2026, 10, 21, 12, 0, 0) };

/** Opens an empty ledger on a fresh database with the given clock. */
export type OpenLedger = (clock: Clock) => LeaderLedger | Promise<LeaderLedger>;

/** A verified buy for `code` with a fresh signature and buyer (commission 10%). */
export function buyOf(code: string, lamports: bigint, slot = 10): Omit<LeaderBuy, 'recordedAt'> {
  return {
    signature: randomSignature(),
    wallet: randomAddress(),
    leaderCode: code,
    lamports,
    commissionLamports: lamports / 10n,
    slot,
    blockTime: 1_790_000_000,
    source: 'report',
  };
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

    it('registers a leader and finds it by code', async () => {
      const ledger = await openLedger();
      const wallet = randomAddress();
      const leader = await ledger.registerLeader({ code: 'beast42', wallet });
      expect(leader).toEqual({ code: 'beast42', wallet, createdAt: '2026-11-21T12:00:00.000Z' });
      expect(await ledger.findLeader('beast42')).toEqual(leader);
      expect(await ledger.findLeader('nobody')).toBeNull();
    });

    it('re-registering the same leader is a no-op, with another wallet it is refused', async () => {
      const ledger = await openLedger();
      const wallet = randomAddress();
      await ledger.registerLeader({ code: 'beast42', wallet });
      await expect(ledger.registerLeader({ code: 'beast42', wallet })).resolves.toMatchObject({
        wallet,
      });
      await expect(
        ledger.registerLeader({ code: 'beast42', wallet: randomAddress() }),
      ).rejects.toSatisfy((error) => isAdapterError(error, 'LEDGER__LEADER_EXISTS'));
    });

    it.each([
      ['a malformed code', { code: 'x', wallet: randomAddress() }, 'LEDGER__INVALID_LEADER_CODE'],
      ['a malformed wallet', { code: 'beast42', wallet: 'nope' }, 'LEDGER__INVALID_WALLET'],
    ] as const)('refuses to register %s', async (_name, leader, code) => {
      const ledger = await openLedger();
      await expect(ledger.registerLeader(leader)).rejects.toSatisfy((error) =>
        isAdapterError(error, code),
      );
    });

    it('records a buy once per signature and returns the stored row on replay', async () => {
      const ledger = await openLedger();
      await ledger.registerLeader({ code: 'beast42', wallet: randomAddress() });
      const buy = buyOf('beast42', 1_500_000_000n);
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
      await ledger.registerLeader({ code: 'whale', wallet: randomAddress() });
      const big = 9_007_199_254_740_993n; // 2^53 + 1
      const { buy } = await ledger.recordBuy(buyOf('whale', big));
      expect(buy.lamports).toBe(big);
      expect((await ledger.getLeaderSummary('whale'))?.totalLamports).toBe(big);
    });

    it('refuses a buy for an unregistered leader', async () => {
      const ledger = await openLedger();
      await expect(ledger.recordBuy(buyOf('ghost', 1n))).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__UNKNOWN_LEADER'),
      );
    });

    it('refuses a malformed signature and a negative amount', async () => {
      const ledger = await openLedger();
      await ledger.registerLeader({ code: 'beast42', wallet: randomAddress() });
      await expect(
        ledger.recordBuy({ ...buyOf('beast42', 1n), signature: 'nope' }),
      ).rejects.toSatisfy((error) => isAdapterError(error, 'LEDGER__INVALID_SIGNATURE'));
      await expect(ledger.recordBuy(buyOf('beast42', -1n))).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__INVALID_AMOUNT'),
      );
      expect((await ledger.getStats()).buys).toBe(0);
    });

    it('sums buys and commissions per leader and ranks the leaderboard by total', async () => {
      const ledger = await openLedger();
      for (const code of ['alpha', 'bravo', 'charlie']) {
        await ledger.registerLeader({ code, wallet: randomAddress() });
      }
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
        await ledger.registerLeader({ code, wallet: randomAddress() });
        await ledger.recordBuy(buyOf(code, 1_000n));
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

    it('reports the schema version it migrated to (3: commission claims)', async () => {
      const ledger = await openLedger();
      expect(await ledger.getSchemaVersion()).toBe(3);
    });

    it('records a commission claim once per signature and totals the claims per code', async () => {
      const ledger = await openLedger();
      const wallet = randomAddress();
      await ledger.registerLeader({ code: 'beast42', wallet });
      expect(await ledger.getClaimTotals('beast42')).toEqual({ claims: 0, lamports: 0n });
      const claim = {
        signature: randomSignature(),
        leaderCode: 'beast42',
        wallet,
        record: randomAddress(),
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

    it('refuses a claim of an unregistered code, a malformed signature and no lamports', async () => {
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
      await ledger.registerLeader({ code: 'ghost99', wallet: claim.wallet });
      await expect(ledger.recordClaim({ ...claim, signature: 'nope' })).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__INVALID_SIGNATURE'),
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
