/**
 * Mint, vault and token accounts on Buy: a substituted vault (temp token account), a wrong mint,
 * a buyer token account of another mint or owner, a wrong vault authority and a vault holding
 * fewer tokens than the purchase are all refused with their exact error, on a mint of each token
 * program (the accounts substituted are of the presale's own token program).
 */
import { Keypair } from '@solana/web3.js';
import { createPresaleFixture, createTestMint, createTestTokenAccount } from './support/index';
import {
  BOTH_TOKEN_PROGRAMS,
  describeAttacks,
  prepareBuyer,
  SOL,
  withAccount,
  type Attack,
} from './support/attack-helpers';
import { buy, createFundedKeypair, send } from './support/harness';

const attacks: readonly Attack[] = [
  {
    name: 'a substituted temp token account (attacker’s own FBT account)',
    expected: 'WrongTempTokenAccount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const other = createTestTokenAccount(s.svm, {
        payer: buyer,
        mint: s.fixture.mint,
        owner: buyer.publicKey,
        tokenProgram: s.fixture.tokenProgram,
      });
      return send(s, [withAccount(ix, 3, { pubkey: other })], [buyer]);
    },
  },
  {
    name: 'a wrong mint',
    expected: 'WrongMint',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const otherMint = createTestMint(s.svm, buyer, 6, {
        tokenProgram: s.fixture.tokenProgramName,
      });
      return send(s, [withAccount(ix, 7, { pubkey: otherMint })], [buyer]);
    },
  },
  {
    name: 'a buyer token account of another mint',
    expected: 'InvalidTokenAccount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const otherMint = createTestMint(s.svm, buyer, 6, {
        tokenProgram: s.fixture.tokenProgramName,
      });
      const account = createTestTokenAccount(s.svm, {
        payer: buyer,
        mint: otherMint,
        owner: buyer.publicKey,
        tokenProgram: s.fixture.tokenProgram,
      });
      return send(s, [withAccount(ix, 4, { pubkey: account })], [buyer]);
    },
  },
  {
    name: 'a buyer token account owned by someone else',
    expected: 'InvalidTokenAccount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const account = createTestTokenAccount(s.svm, {
        payer: buyer,
        mint: s.fixture.mint,
        owner: Keypair.generate().publicKey,
        tokenProgram: s.fixture.tokenProgram,
      });
      return send(s, [withAccount(ix, 4, { pubkey: account })], [buyer]);
    },
  },
  {
    name: 'a wrong vault authority',
    expected: 'WrongAuthority',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 6, { pubkey: Keypair.generate().publicKey })], [buyer]);
    },
  },
  {
    name: 'draining a vault that holds fewer tokens than the purchase',
    expected: 'InsufficientTokens',
    run: (s) => {
      const poor = createPresaleFixture({
        svm: s.svm,
        programId: s.fixture.programId,
        supply: 1_000_000n,
        tokenProgram: s.fixture.tokenProgramName,
      });
      return buy({ ...s, fixture: poor }, createFundedKeypair(s.svm, 10n), SOL);
    },
  },
];

describeAttacks(attacks, undefined, { tokenPrograms: BOTH_TOKEN_PROGRAMS });
