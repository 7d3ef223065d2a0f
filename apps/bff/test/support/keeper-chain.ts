/**
 * The keeper's unit tests' chain: presale accounts as the chain holds them and a chain in memory
 * with the program's rules where the keeper relies on them.
 */
import {
  DistributionError,
  dueDeliveries,
  type BatchOutcome,
  type BuyerRecordEntry,
  type BuyerTable,
  type DistributeBatch,
  type DistributionPlan,
  type DistributionPresale,
  type RefundBatch,
} from '@fbt/distribution';
import { INSTANT_DELIVERY_FIELDS, unlockedTokens } from '@fbt/presale-client';
import { Keypair } from '@solana/web3.js';
import type { KeeperChain } from '../../src/app-deps';

export const SOL = 1_000_000_000n;
/** The chain's time in the tests (unix seconds). */
export const NOW = 1_800_000_000n;
/** A fresh address. */
export const key = () => Keypair.generate().publicKey;

/** A presale account as the chain would hold it (at completion, sold out by default). */
export function presaleAccount(overrides: Partial<DistributionPresale> = {}): DistributionPresale {
  const address = key();
  return {
    isInitialized: true,
    isActived: true,
    sellerPubkey: key().toBase58(),
    tempTokenAccountPubkey: key().toBase58(),
    tokenPrice: 50_000n,
    minUserBuyable: SOL / 10n,
    maxUserBuyable: SOL,
    maxTotalBuyable: 5n * SOL,
    currentTotalSold: 5n * SOL,
    ...INSTANT_DELIVERY_FIELDS,
    deliveryMode: 'at-completion',
    status: 'sold-out',
    completedAt: NOW - 10n,
    address,
    version: 3,
    authorityBump: 255,
    decimals: 6,
    mint: key().toBase58(),
    authority: key().toBase58(),
    tokensSold: 5n * 20_000_000_000n,
    buyerCount: 5n,
    saleStart: 0n,
    saleEnd: 0n,
    hasAllowlist: false,
    allowlistRoot: null,
    pendingSeller: null,
    leaderCount: 0n,
    leaderCommission: 0n,
    tokensOwed: 5n * 20_000_000_000n,
    ...overrides,
  };
}

/**
 * A chain in memory with the program's rules where the keeper relies on them: Finalize fixes
 * the outcome, Distribute moves what is unlocked by the chain's time and skips what is not due.
 */
export function fakeChain(presales: Map<string, DistributionPresale>) {
  const records = new Map<string, BuyerRecordEntry[]>();
  const calls: string[] = [];
  const state = {
    now: NOW,
    failNextBatch: false,
    unreachable: new Set<string>(),
    /** Buyers whose own delivery the chain refuses (their batch split down to them). */
    refused: new Set<string>(),
    balance: SOL,
    /** Buyers the keeper's one lookup table holds. */
    tabled: 0,
  };
  const recordsOf = (presale: DistributionPresale) => records.get(presale.address.toBase58())!;
  const update = (presale: DistributionPresale, changes: Partial<DistributionPresale>) =>
    presales.set(presale.address.toBase58(), {
      ...presales.get(presale.address.toBase58())!,
      ...changes,
    });
  const deliver = (presale: DistributionPresale, batch: DistributeBatch) => {
    let current = presales.get(presale.address.toBase58())!;
    const list = recordsOf(presale);
    for (const target of batch.targets) {
      const index = list.findIndex((entry) => entry.buyer.equals(target.buyer));
      const entry = list[index]!;
      const unlocked = unlockedTokens(current, entry.bought, state.now);
      const due = unlocked - entry.delivered;
      if (due <= 0n) continue;
      list[index] = { ...entry, delivered: unlocked };
      current = {
        ...current,
        tokensOwed: current.tokensOwed - due,
        tokensDelivered: current.tokensDelivered + due,
        buyersDelivered: current.buyersDelivered + (unlocked === entry.bought ? 1n : 0n),
      };
    }
    presales.set(presale.address.toBase58(), current);
  };
  /** Refund: pays each record back from the escrow and closes it. */
  const refund = (presale: DistributionPresale, gone: readonly BuyerRecordEntry[]) => {
    const current = presales.get(presale.address.toBase58())!;
    const closed = new Set(gone.map((entry) => entry.record.toBase58()));
    const list = recordsOf(current);
    records.set(
      presale.address.toBase58(),
      list.filter((entry) => !closed.has(entry.record.toBase58())),
    );
    presales.set(presale.address.toBase58(), {
      ...current,
      buyersRefunded: current.buyersRefunded + BigInt(closed.size),
      refundedLamports: current.refundedLamports + BigInt(closed.size) * SOL,
      escrowLamports: current.escrowLamports - BigInt(closed.size) * SOL,
    });
  };
  const chain: KeeperChain = {
    readPresale: (address) => {
      calls.push('readPresale');
      return Promise.resolve(presales.get(address)!);
    },
    chainTime: () => Promise.resolve(state.now),
    balance: () => Promise.resolve(state.balance),
    listBuyerRecords: (presale) => {
      calls.push('listBuyerRecords');
      return Promise.resolve([...recordsOf(presale)]);
    },
    finalize: (presale) => {
      calls.push('finalize');
      const succeeded = presale.currentTotalSold >= presale.minimumRaise;
      update(presale, {
        status: succeeded ? 'succeeded' : 'failed',
        ...(succeeded ? {} : { tokensOwed: 0n }),
      });
      return Promise.resolve({ signature: 'finalize', slot: 1 });
    },
    planDistribution: (presale, list, now) => {
      calls.push('planDistribution');
      const due = dueDeliveries(presale, list, now);
      const reachable = due.filter((entry) => !state.unreachable.has(entry.buyer.toBase58()));
      const batches: DistributeBatch[] = [];
      for (let i = 0; i < reachable.length; i += 2) {
        batches.push({
          targets: reachable
            .slice(i, i + 2)
            .map((entry) => ({ ...entry, tokenAccount: key(), create: false })),
          instructions: [],
          bytes: 0,
          accounts: 0,
          computeUnitLimit: 0,
          feeLamports: 5_000n,
        });
      }
      const plan: DistributionPlan = {
        presale,
        now,
        records: list,
        due,
        unreachable: due
          .filter((entry) => state.unreachable.has(entry.buyer.toBase58()))
          .map((entry) => ({ ...entry, reason: 'frozen' })),
        batches,
        tokens: 0n,
        feeLamports: 0n,
        rentLamports: 0n,
      };
      return Promise.resolve(plan);
    },
    sendDistribution: async (plan, _payer, options) => {
      calls.push('sendDistribution');
      let confirmed = 0;
      let sent = 0;
      let failed = 0;
      const isolated: BatchOutcome[] = [];
      for (const whole of plan.batches) {
        if (options.stopped?.() === true) break;
        await Promise.resolve();
        sent++;
        // The split's outcome: each refused buyer alone, the others in one part.
        const refused = whole.targets.filter((t) => state.refused.has(t.buyer.toBase58()));
        for (const target of refused) {
          const alone: BatchOutcome = {
            batch: { ...whole, targets: [target] },
            error: new DistributionError('TRANSACTION_REFUSED', 'memo required', [], 2),
            isolated: true,
          };
          isolated.push(alone);
          failed++;
          options.onBatch?.(alone);
        }
        const batch = { ...whole, targets: whole.targets.filter((t) => !refused.includes(t)) };
        if (batch.targets.length === 0) continue;
        let outcome: BatchOutcome;
        if (state.failNextBatch) {
          state.failNextBatch = false;
          failed++;
          outcome = { batch, error: new DistributionError('TRANSACTION_FAILED', 'boom') };
        } else {
          deliver(plan.presale, batch);
          confirmed++;
          outcome = { batch, confirmed: { signature: `sig${confirmed}`, slot: 1 } };
        }
        options.onBatch?.(outcome);
      }
      return {
        outcomes: [],
        confirmed,
        failed,
        isolated: isolated.flatMap(({ batch }) =>
          batch.targets.map((target) => ({ ...target, reason: 'memo required' })),
        ),
        complete: sent === plan.batches.length && failed === isolated.length,
        tokens: 0n,
        feeLamports: 0n,
      };
    },
    listBuyerTables: (_authority, presale) => {
      calls.push('listBuyerTables');
      if (state.tabled === 0 || presale === undefined) return Promise.resolve([]);
      const table: BuyerTable = {
        address: key(),
        presale: presale.address,
        addresses: [presale.address, ...Array.from({ length: 2 * state.tabled }, key)],
        lastExtendedSlot: 1,
        lastExtendedSlotStartIndex: 0,
        deactivatedAt: null,
        lamports: 1n,
      };
      return Promise.resolve([table]);
    },
    extendBuyerTables: (_presale, list, _payer, minBuyers) => {
      calls.push(`extendBuyerTables ${list.length} min ${minBuyers}`);
      const added = list.length - state.tabled;
      state.tabled = list.length;
      return Promise.resolve({
        transactions: Math.ceil(added / 15),
        tablesCreated: 0,
        buyersAdded: added,
        buyersOutside: 0,
        feeLamports: 0n,
        lastSlot: null,
        errors: [],
      });
    },
    retireBuyerTables: () => Promise.reject(new Error('no tables here')),
    planRefunds: (presale, list) => {
      calls.push('planRefunds');
      const batches: RefundBatch[] = [];
      for (let i = 0; i < list.length; i += 2) {
        batches.push({
          records: list.slice(i, i + 2),
          instructions: [],
          bytes: 0,
          accounts: 0,
          feeLamports: 5_000n,
          lookupTables: [],
        });
      }
      return Promise.resolve(batches);
    },
    sendRefunds: async (batches, _payer, options) => {
      calls.push('sendRefunds');
      let confirmed = 0;
      for (const batch of batches) {
        await Promise.resolve();
        if (state.failNextBatch) {
          state.failNextBatch = false;
          options.onBatch?.({ batch, error: new DistributionError('TRANSACTION_REFUSED', 'gone') });
          continue;
        }
        const [presale] = [...presales.values()].filter((entry) =>
          recordsOf(entry).some((record) => record.record.equals(batch.records[0]!.record)),
        );
        refund(presale!, batch.records);
        confirmed++;
        options.onBatch?.({ batch, confirmed: { signature: `refund${confirmed}`, slot: 1 } });
      }
      const refunded = batches.reduce((sum, batch) => sum + batch.records.length, 0);
      return { outcomes: [], confirmed, failed: 0, refunded, feeLamports: 0n };
    },
    rentExemption: () => Promise.resolve(0n),
  };
  return { chain, records, calls, state, refund };
}
