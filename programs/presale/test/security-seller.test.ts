/**
 * Seller-only instructions: a non-seller cannot pause the presale (SetActive), change its limits
 * (UpdateLimits) or withdraw the unsold tokens (WithdrawUnsold, even once paused), and naming
 * the seller without the seller's signature is refused.
 */
import { expect } from 'vitest';
import {
  buildSetActiveInstruction,
  buildUpdateLimitsInstruction,
  buildWithdrawUnsoldInstruction,
} from '@fbt/presale-client';
import { createTestTokenAccount } from './support/index';
import { describeAttacks, U64_MAX, withAccount, type Attack } from './support/attack-helpers';
import { createFundedKeypair, send } from './support/harness';

const attacks: readonly Attack[] = [
  {
    name: 'a non-seller pausing the presale',
    expected: 'NotSeller',
    run: (s) => {
      const attacker = createFundedKeypair(s.svm, 1n);
      return send(
        s,
        [
          buildSetActiveInstruction({
            programId: s.fixture.programId,
            seller: attacker.publicKey,
            presale: s.fixture.presale,
            active: false,
          }),
        ],
        [attacker],
      );
    },
  },
  {
    name: 'a non-seller changing the limits',
    expected: 'NotSeller',
    run: (s) => {
      const attacker = createFundedKeypair(s.svm, 1n);
      return send(
        s,
        [
          buildUpdateLimitsInstruction({
            programId: s.fixture.programId,
            seller: attacker.publicKey,
            presale: s.fixture.presale,
            minUserBuyable: 1n,
            maxUserBuyable: U64_MAX,
            maxTotalBuyable: U64_MAX,
          }),
        ],
        [attacker],
      );
    },
  },
  {
    name: 'a non-seller withdrawing the unsold tokens',
    expected: 'NotSeller',
    run: (s) => {
      const attacker = createFundedKeypair(s.svm, 1n);
      const loot = createTestTokenAccount(s.svm, {
        payer: attacker,
        mint: s.fixture.mint,
        owner: attacker.publicKey,
      });
      const pause = buildSetActiveInstruction({
        programId: s.fixture.programId,
        seller: s.fixture.seller.publicKey,
        presale: s.fixture.presale,
        active: false,
      });
      expect(send(s, [pause], [s.fixture.seller]).error).toBe('');
      return send(
        s,
        [
          buildWithdrawUnsoldInstruction({
            programId: s.fixture.programId,
            seller: attacker.publicKey,
            presale: s.fixture.presale,
            tempTokenAccount: s.fixture.tempTokenAccount,
            mint: s.fixture.mint,
            destinationTokenAccount: loot,
          }),
        ],
        [attacker],
      );
    },
  },
  {
    name: 'an admin call naming the seller without the seller’s signature',
    expected: 'MissingSigner',
    run: (s) => {
      const attacker = createFundedKeypair(s.svm, 1n);
      const ix = buildSetActiveInstruction({
        programId: s.fixture.programId,
        seller: s.fixture.seller.publicKey,
        presale: s.fixture.presale,
        active: false,
      });
      return send(s, [withAccount(ix, 0, { isSigner: false })], [attacker]);
    },
  },
];

describeAttacks(attacks);
