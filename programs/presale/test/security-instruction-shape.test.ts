/**
 * The shape of a Buy instruction: a buyer that did not sign, a read-only presale account,
 * duplicate accounts, a missing account and malformed instruction data (unknown tag, wrong
 * length) are all refused with their exact error.
 */
import { TransactionInstruction } from '@solana/web3.js';
import { expect } from 'vitest';
import { describeAttacks, prepareBuyer, withAccount, type Attack } from './support/attack-helpers';
import { createFundedKeypair, send } from './support/harness';

const attacks: readonly Attack[] = [
  {
    name: 'spending a victim’s SOL without their signature',
    expected: 'MissingSigner',
    run: (s) => {
      const { ix } = prepareBuyer(s);
      const attacker = createFundedKeypair(s.svm, 1n);
      return send(s, [withAccount(ix, 0, { isSigner: false })], [attacker]);
    },
  },
  {
    name: 'duplicate accounts (the vault passed as the buyer token account)',
    expected: 'DuplicateAccount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 4, { pubkey: s.fixture.tempTokenAccount })], [buyer]);
    },
  },
  {
    name: 'a missing account (10 instead of 11)',
    expected: 'WrongAccountCount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(
        s,
        [
          new TransactionInstruction({
            programId: ix.programId,
            keys: ix.keys.slice(0, 10),
            data: ix.data,
          }),
        ],
        [buyer],
      );
    },
  },
  {
    name: 'a read-only presale account',
    expected: 'NotWritable',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 1, { isWritable: false })], [buyer]);
    },
  },
  {
    name: 'malformed instruction data (unknown tag, wrong length)',
    expected: 'InvalidInstruction',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const unknown = send(
        s,
        [new TransactionInstruction({ ...ix, data: Buffer.from([200]) })],
        [buyer],
      );
      expect(unknown.presaleError?.name).toBe('InvalidInstruction');
      return send(
        s,
        [new TransactionInstruction({ ...ix, data: Buffer.concat([ix.data, Buffer.from([0])]) })],
        [buyer],
      );
    },
  },
];

describeAttacks(attacks);
