import { describe, expect, it } from 'vitest';
import {
  OPEN_SALE_RULES,
  PRESALE_SALE_RULE_OFFSETS,
  PRESALE_V2_ACCOUNT_SIZE,
  allowlistProofResponseSchema,
  decodePresaleSaleRules,
  encodePresaleState,
  leaderEarningsResponseSchema,
} from './index';
import { PRESALE_STATE } from '../test/support/fixtures';

function v2Account(fill: (view: DataView, bytes: Uint8Array) => void): Uint8Array {
  const bytes = new Uint8Array(PRESALE_V2_ACCOUNT_SIZE);
  bytes.set(encodePresaleState(PRESALE_STATE));
  fill(new DataView(bytes.buffer), bytes);
  return bytes;
}

describe('presale sale rules', () => {
  it('reads the window, the allowlist root and the leader count at the program offsets', () => {
    const o = PRESALE_SALE_RULE_OFFSETS;
    const bytes = v2Account((view, raw) => {
      view.setBigInt64(o.saleStart, 1_790_000_000n, true);
      view.setBigInt64(o.saleEnd, 1_790_086_400n, true);
      raw.fill(0x0f, o.allowlistRoot, o.allowlistRoot + 32);
      view.setBigUint64(o.leaderCount, 12n, true);
    });
    expect(decodePresaleSaleRules(bytes)).toEqual({
      saleStart: 1_790_000_000,
      saleEnd: 1_790_086_400,
      allowlistRoot: '0f'.repeat(32),
      leaderCount: 12n,
    });
  });

  it('reads zero bounds and a zero root as none', () => {
    expect(decodePresaleSaleRules(v2Account(() => undefined))).toEqual(OPEN_SALE_RULES);
  });

  it('gives an account without the version-2 fields no window and no allowlist', () => {
    expect(decodePresaleSaleRules(encodePresaleState(PRESALE_STATE))).toEqual(OPEN_SALE_RULES);
    expect(decodePresaleSaleRules(new Uint8Array(192))).toEqual(OPEN_SALE_RULES);
  });
});

describe('v2 wire schemas', () => {
  const wallet = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

  it('an allowlist proof is hex hashes, at most 20', () => {
    const ok = { variant: 'private', wallet, root: 'a'.repeat(64), proof: ['b'.repeat(64)] };
    expect(allowlistProofResponseSchema.parse(ok)).toEqual(ok);
    expect(allowlistProofResponseSchema.safeParse({ ...ok, root: 'A'.repeat(64) }).success).toBe(
      false,
    );
    expect(
      allowlistProofResponseSchema.safeParse({ ...ok, proof: Array(21).fill('b'.repeat(64)) })
        .success,
    ).toBe(false);
  });

  it('leader earnings carry u64 decimal strings', () => {
    const leader = {
      code: 'alpha',
      record: wallet,
      presale: wallet,
      active: true,
      volumeLamports: '18446744073709551615',
      buys: '3',
      earnedLamports: '300',
      claimedLamports: '100',
      claimableLamports: '200',
    };
    expect(leaderEarningsResponseSchema.parse({ wallet, leaders: [leader] }).leaders).toHaveLength(
      1,
    );
    expect(
      leaderEarningsResponseSchema.safeParse({
        wallet,
        leaders: [{ ...leader, buys: '18446744073709551616' }],
      }).success,
    ).toBe(false);
  });
});
