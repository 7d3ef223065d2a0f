import { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  allowlistLeaf,
  allowlistNode,
  buildAllowlistTree,
  MAX_ALLOWLIST_SIZE,
  verifyAllowlistProof,
} from './allowlist';
import { sha256 } from './sha256';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const key = (byte: number): PublicKey => new PublicKey(new Uint8Array(32).fill(byte));

describe('sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('matches the FIPS 180-2 vector for %j', (text, digest) => {
    expect(hex(sha256(new TextEncoder().encode(text)))).toBe(digest);
  });

  it('hashes the concatenation of its parts, across block boundaries', () => {
    const bytes = Uint8Array.from({ length: 200 }, (_, i) => i);
    expect(hex(sha256(bytes.subarray(0, 63), bytes.subarray(63)))).toBe(hex(sha256(bytes)));
    expect(hex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });
});

describe('buildAllowlistTree', () => {
  const presale = key(9);

  it('is deterministic: order and duplicates do not change the root', () => {
    const wallets = [key(1), key(2), key(3), key(4), key(5)];
    const a = buildAllowlistTree(presale, wallets);
    const b = buildAllowlistTree(presale, [...wallets].reverse().concat(wallets));
    expect(b.rootHex).toBe(a.rootHex);
    expect(a.size).toBe(5);
  });

  it('hashes leaves with 0x00 || presale || wallet and nodes with 0x01 || lower || higher', () => {
    const leaf = allowlistLeaf(presale, key(1));
    expect(hex(leaf)).toBe(hex(sha256(Uint8Array.of(0), presale.toBytes(), key(1).toBytes())));
    const other = allowlistLeaf(presale, key(2));
    const [low, high] = hex(leaf) < hex(other) ? [leaf, other] : [other, leaf];
    expect(hex(allowlistNode(leaf, other))).toBe(hex(sha256(Uint8Array.of(1), low, high)));
    expect(hex(allowlistNode(other, leaf))).toBe(hex(allowlistNode(leaf, other)));
    // one wallet: the root is its leaf; two: their node
    expect(buildAllowlistTree(presale, [key(1)]).rootHex).toBe(hex(leaf));
    expect(buildAllowlistTree(presale, [key(1), key(2)]).rootHex).toBe(
      hex(allowlistNode(leaf, other)),
    );
  });

  it('gives every wallet a proof that verifies, and only for its own presale and wallet', () => {
    const wallets = Array.from({ length: 37 }, () => Keypair.generate().publicKey);
    const tree = buildAllowlistTree(presale, wallets);
    for (const wallet of wallets) {
      const proof = tree.proofFor(wallet);
      expect(proof.length).toBeLessThanOrEqual(6);
      expect(verifyAllowlistProof(tree.root, presale, wallet, proof)).toBe(true);
      expect(verifyAllowlistProof(tree.root, key(8), wallet, proof)).toBe(false);
    }
    const stranger = Keypair.generate().publicKey;
    expect(verifyAllowlistProof(tree.root, presale, stranger, tree.proofFor(wallets[0]!))).toBe(
      false,
    );
    expect(tree.has(stranger)).toBe(false);
    expect(() => tree.proofFor(stranger)).toThrow(/is not on this allowlist/);
  });

  it('refuses an empty list and says how many wallets fit', () => {
    expect(() => buildAllowlistTree(presale, [])).toThrow('an allowlist needs at least one wallet');
    expect(MAX_ALLOWLIST_SIZE).toBe(1_048_576);
  });
});
