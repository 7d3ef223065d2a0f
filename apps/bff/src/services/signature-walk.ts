import type { LeaderLedger, SignatureInfo, TransactionVerifier } from '@fbt/domain';

/** Most signatures one walk collects past the cursor before refusing (pages of signatures only). */
const MAX_BACKLOG = 1_000_000;

/**
 * Signatures of `address` newer than `until` (every one when `until` is undefined), newest
 * first, paging back with `before`.
 */
export async function signaturesAfter(
  chain: Pick<TransactionVerifier, 'listRecentSignatures'>,
  address: string,
  until: string | undefined,
  pageSize: number,
): Promise<SignatureInfo[]> {
  const newer: SignatureInfo[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await chain.listRecentSignatures(address, pageSize, {
      ...(before === undefined ? {} : { before }),
      ...(until === undefined ? {} : { until }),
    });
    newer.push(...page);
    before = page.at(-1)?.signature;
    if (page.length < pageSize || before === undefined) return newer;
    if (newer.length >= MAX_BACKLOG) {
      throw new Error(
        `reconciler: more than ${MAX_BACKLOG} signatures past the cursor; raise the page size`,
      );
    }
  }
}

/** What a walk does with one signature, and whether the walk may go on past it. */
export type SignatureVerdict = 'settled' | 'blocked';

/** Options of {@link walkSignatures}. */
export interface SignatureWalk {
  readonly ledger: Pick<LeaderLedger, 'getReconcileCursor' | 'advanceReconcileCursor'>;
  readonly chain: Pick<TransactionVerifier, 'listRecentSignatures'>;
  /** The address whose signatures are walked; its cursor in the ledger has the same scope. */
  readonly scope: string;
  readonly pageSize: number;
  /** True for a signature the ledger already holds (not examined again). */
  readonly known: (signature: string) => Promise<boolean>;
  /**
   * Indexes one signature: `settled` when no later walk could decide otherwise, `blocked` when
   * the chain does not show it yet (the cursor must not pass it).
   */
  readonly index: (signature: string) => Promise<SignatureVerdict>;
}

/**
 * Walks the signatures of `scope` past its durable cursor (collected newest first, settled
 * oldest first), indexing each one the ledger does not hold yet. The cursor moves a page at a
 * time past the signatures settled, and the walk stops before the first one `blocked`, so a
 * restart (even `kill -9`) resumes where it stopped. Returns how many signatures it examined.
 */
export async function walkSignatures(walk: SignatureWalk): Promise<number> {
  const { ledger, scope, pageSize } = walk;
  const cursor = await ledger.getReconcileCursor(scope);
  const oldestFirst = (
    await signaturesAfter(walk.chain, scope, cursor?.signature, pageSize)
  ).reverse();
  let examined = 0;
  for (let start = 0; start < oldestFirst.length; start += pageSize) {
    let settledUpTo: SignatureInfo | undefined;
    let blocked = false;
    for (const entry of oldestFirst.slice(start, start + pageSize)) {
      if (!(await walk.known(entry.signature))) {
        examined++;
        blocked = (await walk.index(entry.signature)) === 'blocked';
        if (blocked) break;
      }
      settledUpTo = entry;
    }
    if (settledUpTo !== undefined) await ledger.advanceReconcileCursor(scope, settledUpTo);
    if (blocked) break;
  }
  return examined;
}
