/**
 * Distribute and Claim under attack: before Finalize, to a foreign token account or the vault
 * itself, a record of another presale or a forged one, a fake vault or authority, a read-only
 * presale; a claim of someone else's record or of one's own record of another presale, into
 * someone else's account, unsigned, beyond the schedule. Each is refused and moves nothing; naming a buyer twice moves its FBT once.
 */
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, type TransactionInstruction } from '@solana/web3.js';
import { expect, it } from 'vitest';
import {
  buildClaimInstruction,
  buildDistributeInstruction,
  findBuyerRecordAddress,
} from '@fbt/presale-client';
import { createTestTokenAccount, readSvmAccount, writeSvmAccount } from './support/index';
import { SOL, withAccount } from './support/attack-helpers';
import { buy, createFundedKeypair, send } from './support/harness';
import {
  claim,
  createAtCompletionSale,
  createOtherSale,
  distribute,
  fbtOf,
  readPresale,
  setNow,
  END,
  vaultBalance,
  type Sale,
} from './support/distribution';
import {
  AT_COMPLETION,
  buyers,
  describeSaleAttacks,
  endAndFinalize,
  VESTING,
  type SaleAttack,
} from './support/sale-attacks';

const vault = (s: Sale) => ({
  programId: s.fixture.programId,
  presale: s.fixture.presale,
  tempTokenAccount: s.fixture.tempTokenAccount,
  mint: s.fixture.mint,
});

/** Distribute of one buyer's pair, as the client builds it. */
const distributeIx = (s: Sale, buyer: Keypair): TransactionInstruction =>
  buildDistributeInstruction({ ...vault(s), buyers: [{ buyer: buyer.publicKey }] });

/** A finalized sale with one buyer, and a stranger holding an FBT account of their own. */
function finalizedWithThief(s: Sale) {
  const [victim] = buyers(s, SOL) as [Keypair];
  const keeper = endAndFinalize(s);
  const thief = createFundedKeypair(s.svm, 5n);
  const loot = createTestTokenAccount(s.svm, {
    payer: thief,
    mint: s.fixture.mint,
    owner: thief.publicKey,
  });
  return { victim, keeper, thief, loot };
}

const attacks: readonly SaleAttack[] = [
  {
    name: 'distributing before Finalize',
    terms: AT_COMPLETION,
    expected: 'NotFinalized',
    run: (s) => {
      const [buyer] = buyers(s, SOL) as [Keypair];
      setNow(s, END);
      return distribute(s, buyer, [{ buyer: buyer.publicKey }]);
    },
  },
  {
    name: 'distributing a buyer’s FBT to a foreign token account',
    terms: AT_COMPLETION,
    expected: 'InvalidTokenAccount',
    run: (s) => {
      const { victim, thief, loot } = finalizedWithThief(s);
      return distribute(s, thief, [{ buyer: victim.publicKey, buyerTokenAccount: loot }]);
    },
  },
  {
    name: 'distributing into the vault itself',
    terms: AT_COMPLETION,
    expected: 'InvalidTokenAccount',
    run: (s) => {
      const { victim, thief } = finalizedWithThief(s);
      const target = { buyer: victim.publicKey, buyerTokenAccount: s.fixture.tempTokenAccount };
      return distribute(s, thief, [target]);
    },
  },
  {
    name: 'distributing a record of another presale',
    terms: AT_COMPLETION,
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const { keeper } = finalizedWithThief(s);
      const other = createOtherSale(s, AT_COMPLETION);
      const outsider = createFundedKeypair(s.svm, 5n);
      expect(buy(other, outsider, SOL).error).toBe('');
      const [foreign] = findBuyerRecordAddress(
        s.programId,
        other.fixture.presale,
        outsider.publicKey,
      );
      const ix = withAccount(distributeIx(s, outsider), 5, { pubkey: foreign });
      return send(s, [ix], [keeper]);
    },
  },
  {
    name: 'distributing a forged record (owned by the thief’s own program)',
    terms: AT_COMPLETION,
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const { victim, thief } = finalizedWithThief(s);
      const [real] = findBuyerRecordAddress(s.programId, s.fixture.presale, victim.publicKey);
      const copy = readSvmAccount(s.svm, real)?.data ?? new Uint8Array();
      const forged = Keypair.generate().publicKey;
      const data = Uint8Array.from(copy);
      data.set(thief.publicKey.toBytes(), 40); // the thief as the record's buyer
      writeSvmAccount(s.svm, forged, { data, owner: Keypair.generate().publicKey });
      const ata = getAssociatedTokenAddressSync(s.fixture.mint, victim.publicKey);
      const ix = buildDistributeInstruction({
        ...vault(s),
        buyers: [{ buyer: victim.publicKey, buyerTokenAccount: ata }],
      });
      return send(s, [withAccount(ix, 5, { pubkey: forged })], [thief]);
    },
  },
  {
    name: 'distributing from a fake vault',
    terms: AT_COMPLETION,
    expected: 'WrongTempTokenAccount',
    run: (s) => {
      const { victim, thief, loot } = finalizedWithThief(s);
      return send(s, [withAccount(distributeIx(s, victim), 1, { pubkey: loot })], [thief]);
    },
  },
  {
    name: 'distributing with another authority',
    terms: AT_COMPLETION,
    expected: 'WrongAuthority',
    run: (s) => {
      const { victim, thief } = finalizedWithThief(s);
      const ix = withAccount(distributeIx(s, victim), 2, { pubkey: thief.publicKey });
      return send(s, [ix], [thief]);
    },
  },
  {
    name: 'distributing with the presale read-only',
    terms: AT_COMPLETION,
    expected: 'NotWritable',
    run: (s) => {
      const { victim, thief } = finalizedWithThief(s);
      return send(s, [withAccount(distributeIx(s, victim), 0, { isWritable: false })], [thief]);
    },
  },
  {
    name: 'claiming before completion',
    terms: AT_COMPLETION,
    expected: 'NotFinalized',
    run: (s) => claim(s, buyers(s, SOL)[0] as Keypair),
  },
  {
    name: 'claiming someone else’s record',
    terms: AT_COMPLETION,
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const { victim, thief, loot } = finalizedWithThief(s);
      const ix = buildClaimInstruction({
        ...vault(s),
        buyer: thief.publicKey,
        buyerTokenAccount: loot,
      });
      const [record] = findBuyerRecordAddress(s.programId, s.fixture.presale, victim.publicKey);
      return send(s, [withAccount(ix, 6, { pubkey: record })], [thief]);
    },
  },
  {
    name: 'claiming with one’s own record of another presale',
    terms: AT_COMPLETION,
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const { victim } = finalizedWithThief(s);
      const other = createOtherSale(s, AT_COMPLETION);
      expect(buy(other, victim, SOL).error).toBe('');
      const [foreign] = findBuyerRecordAddress(
        s.programId,
        other.fixture.presale,
        victim.publicKey,
      );
      const ix = buildClaimInstruction({ ...vault(s), buyer: victim.publicKey });
      return send(s, [withAccount(ix, 6, { pubkey: foreign })], [victim]);
    },
  },
  {
    name: 'claiming one’s own FBT into someone else’s account',
    terms: AT_COMPLETION,
    expected: 'InvalidTokenAccount',
    run: (s) => {
      const { victim, loot } = finalizedWithThief(s);
      return claim(s, victim, loot);
    },
  },
  {
    name: 'claiming for a buyer without the buyer’s signature',
    terms: AT_COMPLETION,
    expected: 'MissingSigner',
    run: (s) => {
      const { victim, thief } = finalizedWithThief(s);
      const ix = buildClaimInstruction({ ...vault(s), buyer: victim.publicKey });
      return send(s, [withAccount(ix, 0, { isSigner: false })], [thief]);
    },
  },
  {
    name: 'claiming beyond the vesting schedule',
    terms: VESTING,
    expected: 'NothingDue',
    run: (s) => {
      const [buyer] = buyers(s, SOL) as [Keypair];
      endAndFinalize(s);
      setNow(s, END + 500n); // before the cliff: only the 25% of completion is unlocked
      expect(claim(s, buyer).error).toBe('');
      return claim(s, buyer);
    },
  },
  {
    name: 'claiming with the record passed as the token account too',
    terms: AT_COMPLETION,
    expected: 'DuplicateAccount',
    run: (s) => {
      const { victim } = finalizedWithThief(s);
      const ix = buildClaimInstruction({ ...vault(s), buyer: victim.publicKey });
      const record = ix.keys[6]?.pubkey ?? victim.publicKey;
      return send(s, [withAccount(ix, 7, { pubkey: record })], [victim]);
    },
  },
];

describeSaleAttacks(attacks, (version) => {
  it('moves a buyer named twice in one Distribute once, and nothing on a second run', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const [a, b] = buyers(s, SOL, 2n * SOL) as [Keypair, Keypair];
    const keeper = endAndFinalize(s);
    const before = vaultBalance(s);
    const twice = [{ buyer: a.publicKey }, { buyer: b.publicKey }, { buyer: a.publicKey }];
    expect(distribute(s, keeper, twice).error).toBe('');
    const moved = fbtOf(s, a.publicKey) + fbtOf(s, b.publicKey);
    expect(before - vaultBalance(s)).toBe(moved);
    expect(readPresale(s)).toMatchObject({ tokensDelivered: moved, buyersDelivered: 2n });
    expect(distribute(s, keeper, twice).error).toBe('');
    expect(vaultBalance(s)).toBe(before - moved);
  });

  it('moves nothing for a buyer with nothing unlocked yet, and everything once unlocked', () => {
    const s = createAtCompletionSale(version, {
      mode: 'at-completion',
      vesting: { unlockedAtCompletionBps: 0, cliffSeconds: 100, vestingSeconds: 100 },
    });
    const [a] = buyers(s, SOL) as [Keypair];
    const keeper = endAndFinalize(s);
    expect(distribute(s, keeper, [{ buyer: a.publicKey }]).error).toBe('');
    expect(fbtOf(s, a.publicKey)).toBe(0n);
    setNow(s, END + 100n);
    expect(distribute(s, keeper, [{ buyer: a.publicKey }]).error).toBe('');
    expect(fbtOf(s, a.publicKey)).toBe(readPresale(s).tokensDelivered);
    expect(readPresale(s).tokensOwed).toBe(0n);
  });
});
