/**
 * The end-of-run check: the ledger's rows against the buys made on chain, by signature. Reads
 * the ledger through its own interface (every registered code's buys, and the total count) and
 * the chain through getSignaturesForAddress on the leader presale.
 */
import { PublicKey } from '@solana/web3.js';
import type { LeaderBuy, LeaderLedger } from '@fbt/domain';
import type { SeededChain } from '../chain-fixture';
import { chainConnection, type ChainBuy } from './leader-buys';

/** Differences between the ledger and the chain; every list is empty when they agree. */
export interface LedgerAudit {
  /** Rows in the ledger (getStats), duplicates included if any could exist. */
  readonly rows: number;
  /** Chain buys with no row. */
  readonly missing: readonly string[];
  /** Rows that are no buy of this run. */
  readonly unexpected: readonly string[];
  /** Rows whose wallet, code, lamports or 10% commission differ from the chain. */
  readonly mismatched: readonly string[];
  /** Rows of buys never reported that do not say `reconciler`. */
  readonly unreportedNotReconciled: readonly string[];
  /** How many rows came from the reconciler. */
  readonly fromReconciler: number;
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Every signature of the leader presale on chain, paging back 1,000 at a time. */
export async function leaderPresaleSignatures(chain: SeededChain): Promise<string[]> {
  const address = new PublicKey(chain.deployment.presales.leader.address);
  const connection = chainConnection(chain);
  const all: string[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await connection.getSignaturesForAddress(address, {
      limit: 1_000,
      ...(before === undefined ? {} : { before }),
    });
    all.push(...page.map((entry) => entry.signature));
    before = page.at(-1)?.signature;
    if (page.length < 1_000 || before === undefined) return all;
  }
}

/**
 * Polls the ledger's row count until it reaches `expected` (then waits `settleMs` and checks it
 * stayed there); throws with the last count after `timeoutMs`.
 */
export async function waitForRows(
  ledger: LeaderLedger,
  expected: number,
  options: { timeoutMs: number; settleMs: number },
): Promise<number> {
  const deadline = Date.now() + options.timeoutMs;
  let rows = -1;
  while (Date.now() < deadline) {
    rows = (await ledger.getStats()).buys;
    if (rows >= expected) break;
    await sleep(200);
  }
  if (rows < expected) throw new Error(`ledger has ${rows} of ${expected} rows`);
  await sleep(options.settleMs);
  return (await ledger.getStats()).buys;
}

/** Compares the ledger with the chain buys (`unreported`: signatures never posted). */
export async function auditLedger(
  ledger: LeaderLedger,
  buys: readonly ChainBuy[],
  unreported: ReadonlySet<string>,
): Promise<LedgerAudit> {
  const codes = [...new Set(buys.map((buy) => buy.leaderCode))];
  const stored = new Map<string, LeaderBuy>();
  for (const code of codes) {
    for (const row of await ledger.listRecentBuys(code, 1_000)) stored.set(row.signature, row);
  }
  const bySignature = new Map(buys.map((buy) => [buy.signature, buy]));
  const mismatched: string[] = [];
  const unreportedNotReconciled: string[] = [];
  for (const [signature, row] of stored) {
    const buy = bySignature.get(signature);
    if (buy === undefined) continue;
    if (
      row.wallet !== buy.wallet ||
      row.leaderCode !== buy.leaderCode ||
      row.lamports !== buy.lamports ||
      row.commissionLamports !== buy.lamports / 10n
    ) {
      mismatched.push(signature);
    }
    if (unreported.has(signature) && row.source !== 'reconciler') {
      unreportedNotReconciled.push(signature);
    }
  }
  return {
    rows: (await ledger.getStats()).buys,
    missing: buys.filter((buy) => !stored.has(buy.signature)).map((buy) => buy.signature),
    unexpected: [...stored.keys()].filter((signature) => !bySignature.has(signature)),
    mismatched,
    unreportedNotReconciled,
    fromReconciler: [...stored.values()].filter((row) => row.source === 'reconciler').length,
  };
}

/** Per-code buys, lamports and commission as the leaderboard should show them. */
export function expectedLeaderboard(buys: readonly ChainBuy[]) {
  const totals = new Map<string, { buys: number; lamports: bigint; commission: bigint }>();
  for (const buy of buys) {
    const entry = totals.get(buy.leaderCode) ?? { buys: 0, lamports: 0n, commission: 0n };
    entry.buys++;
    entry.lamports += buy.lamports;
    entry.commission += buy.lamports / 10n;
    totals.set(buy.leaderCode, entry);
  }
  return [...totals.entries()]
    .map(([code, entry]) => ({
      code,
      buys: entry.buys,
      totalLamports: entry.lamports.toString(),
      commissionLamports: entry.commission.toString(),
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}
