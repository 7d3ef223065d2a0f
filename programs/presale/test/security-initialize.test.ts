/**
 * Initialize: re-initializing a live presale, a vault with a delegate or another owner, a wrong
 * or valid-but-non-canonical authority bump, a minimum that buys zero tokens, a zero price, hijacking another seller's
 * created account, a mint of more than 9 decimals and Token-2022 are all refused.
 */
import { createApproveInstruction, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { expect } from 'vitest';
import {
  AUTHORITY_SEED,
  buildCreatePresaleAccountInstruction,
  findAuthorityAddress,
  buildInitializeInstruction,
  PRESALE_ACCOUNT_SIZE,
} from '@fbt/presale-client';
import { createTestMint, createTestTokenAccount, type TransactionOutcome } from './support/index';
import {
  describeAttacks,
  SOL,
  withAccount,
  type Attack,
  type Scenario,
} from './support/attack-helpers';
import { createFundedKeypair, send } from './support/harness';

const attacks: readonly Attack[] = [
  {
    name: 're-initializing a live presale (to reset its totals)',
    expected: 'AlreadyInitialized',
    run: (s) => {
      const { fixture } = s;
      return send(
        s,
        [
          buildInitializeInstruction({
            programId: fixture.programId,
            seller: fixture.seller.publicKey,
            presale: fixture.presale,
            tempTokenAccount: fixture.tempTokenAccount,
            mint: fixture.mint,
            tokenPrice: 1n,
            ...fixture.limits,
          }),
        ],
        [fixture.seller, fixture.presaleKeypair],
      );
    },
  },
  {
    name: 'initializing with a temp account that has a delegate (seller could drain it later)',
    expected: 'TempTokenAccountUnsafe',
    run: (s) => initWith(s, { delegate: true }),
  },
  {
    name: 'initializing with someone else’s token account as the vault',
    expected: 'WrongTempTokenAccount',
    run: (s) => initWith(s, { tempOwner: Keypair.generate().publicKey }),
  },
  {
    name: 'initializing with a wrong authority bump',
    expected: 'WrongAuthority',
    run: (s) => initWith(s, { badBump: true }),
  },
  {
    name: 'initializing with a valid but non-canonical authority bump and its address',
    expected: 'WrongAuthority',
    run: (s) => initWith(s, { nonCanonicalBump: true }),
  },
  {
    name: 'initializing with a minimum that buys zero tokens',
    expected: 'InvalidLimits',
    run: (s) => initWith(s, { minUserBuyable: 1n, tokenPrice: 2_000_000n }), // 1 * 10^6 / 2e6 = 0
  },
  {
    name: 'initializing with a zero price',
    expected: 'InvalidPrice',
    run: (s) => initWith(s, { tokenPrice: 0n }),
  },
  {
    name: 'hijacking another seller’s created but uninitialized presale account',
    expected: 'MissingSigner',
    run: (s) => initWith(s, { presaleSigns: false }),
  },
  {
    name: 'initializing with a mint of more than 9 decimals',
    expected: 'InvalidMint',
    run: (s) => initWith(s, { decimals: 10 }),
  },
  {
    name: 'initializing with Token-2022 in the token-program slot',
    expected: 'WrongTokenProgram',
    run: (s) => initWith(s, { tokenProgram: TOKEN_2022_PROGRAM_ID }),
  },
];

function initWith(
  s: Scenario,
  options: {
    delegate?: boolean;
    tempOwner?: PublicKey;
    badBump?: boolean;
    nonCanonicalBump?: boolean;
    minUserBuyable?: bigint;
    tokenPrice?: bigint;
    tokenProgram?: PublicKey;
    presaleSigns?: boolean;
    decimals?: number;
  },
): TransactionOutcome {
  const seller = createFundedKeypair(s.svm, 10n);
  const mint = createTestMint(s.svm, seller, options.decimals ?? 6);
  const temp = createTestTokenAccount(s.svm, {
    payer: seller,
    mint,
    owner: options.tempOwner ?? seller.publicKey,
    mintAuthority: seller,
    amount: 10n ** 12n,
  });
  if (options.delegate) {
    expect(
      send(s, [createApproveInstruction(temp, seller.publicKey, seller.publicKey, 1n)], [seller])
        .error,
    ).toBe('');
  }
  const presale = Keypair.generate();
  let init = buildInitializeInstruction({
    programId: s.fixture.programId,
    seller: seller.publicKey,
    presale: presale.publicKey,
    tempTokenAccount: temp,
    mint,
    tokenPrice: options.tokenPrice ?? 50_000n,
    minUserBuyable: options.minUserBuyable ?? SOL / 10n,
    maxUserBuyable: 10n * SOL,
    maxTotalBuyable: 100n * SOL,
  });
  if (options.tokenProgram) init = withAccount(init, 5, { pubkey: options.tokenProgram });
  if (options.badBump) {
    const data = Buffer.from(init.data);
    data[33] = ((data[33] ?? 0) + 1) % 256;
    init = new TransactionInstruction({ ...init, data });
  }
  if (options.nonCanonicalBump) {
    const [authority, bump] = nonCanonicalAuthority(s.fixture.programId, presale.publicKey);
    const data = Buffer.from(init.data);
    data[33] = bump;
    init = withAccount(new TransactionInstruction({ ...init, data }), 4, { pubkey: authority });
  }
  const create = buildCreatePresaleAccountInstruction({
    programId: s.fixture.programId,
    payer: seller.publicKey,
    presale: presale.publicKey,
    lamports: s.svm.minimumBalanceForRentExemption(BigInt(PRESALE_ACCOUNT_SIZE)),
  });
  if (options.presaleSigns === false) {
    // The account was created on its own; someone else then tries to initialize it.
    expect(send(s, [create], [seller, presale]).error).toBe('');
    const attacker = createFundedKeypair(s.svm, 1n);
    const hijack = withAccount(withAccount(init, 1, { isSigner: false }), 0, {
      pubkey: attacker.publicKey,
    });
    return send(s, [hijack], [attacker]);
  }
  return send(s, [create, init], [seller, presale]);
}

/** A valid authority address below the canonical bump, with its bump. */
function nonCanonicalAuthority(programId: PublicKey, presale: PublicKey): [PublicKey, number] {
  const [, canonical] = findAuthorityAddress(programId, presale);
  for (let bump = canonical - 1; bump >= 0; bump--) {
    try {
      const seeds = [
        new TextEncoder().encode(AUTHORITY_SEED),
        presale.toBytes(),
        Uint8Array.of(bump),
      ];
      return [PublicKey.createProgramAddressSync(seeds, programId), bump];
    } catch {
      // on the curve: not a program address, try the next bump
    }
  }
  throw new Error('no non-canonical bump');
}

describeAttacks(attacks);
