import type { PublicKey } from '@solana/web3.js';
import { MAX_ALLOWLIST_PROOF_DEPTH } from './constants';
import { sha256 } from './sha256';

/**
 * The private round's allowlist as a Merkle tree, hashed exactly as the program verifies it:
 * - leaf = sha256(0x00 || presale || wallet): a proof is only valid for its own presale;
 * - node = sha256(0x01 || lower || higher), the two children in byte order, so a proof is just
 *   the sibling hashes (no left/right bits);
 * - the leaves are deduplicated and sorted by byte order; a level's last node without a sibling
 *   moves up unchanged. One wallet: the root is its leaf.
 * At most 2^20 wallets, so no proof is longer than {@link MAX_ALLOWLIST_PROOF_DEPTH}.
 */
export const MAX_ALLOWLIST_SIZE = 2 ** MAX_ALLOWLIST_PROOF_DEPTH;

const LEAF_TAG = Uint8Array.of(0);
const NODE_TAG = Uint8Array.of(1);

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The leaf of `wallet` in `presale`'s allowlist. */
export function allowlistLeaf(presale: PublicKey, wallet: PublicKey): Uint8Array {
  return sha256(LEAF_TAG, presale.toBytes(), wallet.toBytes());
}

/** The parent of two nodes (order-independent). */
export function allowlistNode(a: Uint8Array, b: Uint8Array): Uint8Array {
  return compareBytes(a, b) <= 0 ? sha256(NODE_TAG, a, b) : sha256(NODE_TAG, b, a);
}

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A built allowlist: its root (for SetAllowlist) and the proof of each wallet (for BuyWith). */
export interface AllowlistTree {
  readonly root: Uint8Array;
  /** The root in hex, as `decodePresaleAccount().allowlistRoot` shows it. */
  readonly rootHex: string;
  /** Distinct wallets in the tree. */
  readonly size: number;
  has(wallet: PublicKey): boolean;
  /** The sibling hashes from the wallet's leaf to the root; throws when the wallet is not listed. */
  proofFor(wallet: PublicKey): Uint8Array[];
}

/**
 * Builds the allowlist of `presale` over `wallets` (deterministic: any order, duplicates
 * ignored). Throws a RangeError for an empty list or more than {@link MAX_ALLOWLIST_SIZE} wallets.
 */
export function buildAllowlistTree(
  presale: PublicKey,
  wallets: readonly PublicKey[],
): AllowlistTree {
  const byHex = new Map<string, Uint8Array>();
  for (const wallet of wallets) {
    const leaf = allowlistLeaf(presale, wallet);
    byHex.set(toHex(leaf), leaf);
  }
  if (byHex.size === 0) throw new RangeError('an allowlist needs at least one wallet');
  if (byHex.size > MAX_ALLOWLIST_SIZE) {
    throw new RangeError(
      `an allowlist holds at most ${MAX_ALLOWLIST_SIZE} wallets, got ${byHex.size}`,
    );
  }
  const leaves = [...byHex.values()].sort(compareBytes);
  const index = new Map(leaves.map((leaf, i) => [toHex(leaf), i]));
  const levels: Uint8Array[][] = [leaves];
  for (let level = leaves; level.length > 1;) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array;
      const right = level[i + 1];
      next.push(right === undefined ? left : allowlistNode(left, right));
    }
    levels.push(next);
    level = next;
  }
  const root = levels[levels.length - 1]?.[0] as Uint8Array;
  const positionOf = (wallet: PublicKey): number | undefined =>
    index.get(toHex(allowlistLeaf(presale, wallet)));
  return {
    root,
    rootHex: toHex(root),
    size: leaves.length,
    has: (wallet) => positionOf(wallet) !== undefined,
    proofFor(wallet) {
      let position = positionOf(wallet);
      if (position === undefined) {
        throw new RangeError(`wallet ${wallet.toBase58()} is not on this allowlist`);
      }
      const proof: Uint8Array[] = [];
      for (const level of levels.slice(0, -1)) {
        const sibling = level[position ^ 1];
        if (sibling !== undefined) proof.push(sibling);
        position >>= 1;
      }
      return proof;
    },
  };
}

/** Checks a proof the way the program does (for tools and tests). */
export function verifyAllowlistProof(
  root: Uint8Array,
  presale: PublicKey,
  wallet: PublicKey,
  proof: readonly Uint8Array[],
): boolean {
  if (proof.length > MAX_ALLOWLIST_PROOF_DEPTH) return false;
  const node = proof.reduce(allowlistNode, allowlistLeaf(presale, wallet));
  return compareBytes(node, root) === 0 && node.length === root.length;
}
