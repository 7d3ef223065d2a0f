/**
 * Account substitution on Buy: a presale account that is foreign-owned, uninitialized or of the
 * wrong size, a seller other than the presale's, and a fake token program, system program or
 * rent sysvar are all refused with their exact error.
 */
import { Keypair, PublicKey, SYSVAR_CLOCK_PUBKEY } from '@solana/web3.js';
import { PRESALE_ACCOUNT_SIZE } from '@fbt/presale-client';
import { readSvmAccount, writeSvmAccount } from './support/index';
import { describeAttacks, prepareBuyer, withAccount, type Attack } from './support/attack-helpers';
import { send } from './support/harness';

/** A real, executable program that is neither SPL Token nor System (SPL Memo, loaded by litesvm). */
const OTHER_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

const attacks: readonly Attack[] = [
  {
    name: 'a fake presale account owned by another program',
    expected: 'PresaleWrongOwner',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const fake = Keypair.generate().publicKey;
      const real = readSvmAccount(s.svm, s.fixture.presale);
      writeSvmAccount(s.svm, fake, {
        data: real?.data ?? new Uint8Array(),
        owner: Keypair.generate().publicKey,
      });
      return send(s, [withAccount(ix, 1, { pubkey: fake })], [buyer]);
    },
  },
  {
    name: 'an uninitialized program-owned presale account',
    expected: 'NotInitialized',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const blank = Keypair.generate().publicKey;
      writeSvmAccount(s.svm, blank, {
        data: new Uint8Array(PRESALE_ACCOUNT_SIZE),
        owner: s.fixture.programId,
      });
      return send(s, [withAccount(ix, 1, { pubkey: blank })], [buyer]);
    },
  },
  {
    name: 'a program-owned account of the wrong size as the presale',
    expected: 'PresaleInvalid',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const odd = Keypair.generate().publicKey;
      const real = readSvmAccount(s.svm, s.fixture.presale)?.data ?? new Uint8Array();
      writeSvmAccount(s.svm, odd, {
        data: Uint8Array.from([...real, 0]),
        owner: s.fixture.programId,
      });
      return send(s, [withAccount(ix, 1, { pubkey: odd })], [buyer]);
    },
  },
  {
    name: 'a wrong seller receiving the SOL',
    expected: 'NotSeller',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 2, { pubkey: Keypair.generate().publicKey })], [buyer]);
    },
  },
  {
    name: 'a fake token program',
    expected: 'WrongTokenProgram',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 8, { pubkey: OTHER_PROGRAM_ID })], [buyer]);
    },
  },
  {
    name: 'a fake system program',
    expected: 'WrongSystemProgram',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 9, { pubkey: OTHER_PROGRAM_ID })], [buyer]);
    },
  },
  {
    name: 'a wrong sysvar in the rent slot',
    expected: 'WrongRentSysvar',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 10, { pubkey: SYSVAR_CLOCK_PUBKEY })], [buyer]);
    },
  },
];

describeAttacks(attacks);
