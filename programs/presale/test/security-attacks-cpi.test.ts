/**
 * The program invoked by a hostile program (cpi-forwarder.c) instead of by a transaction: the
 * signer and writable flags it checks are the runtime's, so a caller that claims the seller's
 * signature (to pour the vault into a thief's account) or a writable presale it was given
 * read-only is refused before the program runs, and nothing moves. Invoked honestly, with the
 * buyer's real signature, the program acts exactly as it does when called directly.
 */
import type { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  buildClaimInstruction,
  buildFinalizeInstruction,
  buildWithdrawUnsoldInstruction,
} from '@fbt/presale-client';
import { createTestTokenAccount, readSvmTokenAmount } from './support/index';
import { SOL, withAccount } from './support/attack-helpers';
import { deployCpiForwarder, forwardInstruction } from './support/cpi-forwarder';
import { SBPF_VERSIONS, send } from './support/harness';
import {
  createAtCompletionSale,
  END,
  fbtOf,
  readPresale,
  readRecord,
  sellerParams,
  setNow,
  stranger,
  vaultBalance,
} from './support/distribution';
import { AT_COMPLETION, buyers, endAndFinalize } from './support/sale-attacks';
import type { TransactionOutcome } from './support/send';

function expectPrivilegeEscalation(outcome: TransactionOutcome): void {
  expect(outcome.ok).toBe(false);
  expect(outcome.error).toMatch(/PrivilegeEscalation/);
  expect(outcome.presaleError).toBeNull();
}

describe.each(SBPF_VERSIONS)('security (sBPF %s)', (version) => {
  it('acts on a Claim forwarded by another program as on a direct one', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const [buyer] = buyers(s, 2n * SOL) as [Keypair];
    endAndFinalize(s);
    const forwarder = deployCpiForwarder(s, version);
    const claim = buildClaimInstruction({ ...s.fixture, buyer: buyer.publicKey });
    expect(send(s, [forwardInstruction(forwarder, claim)], [buyer]).error).toBe('');
    expect(fbtOf(s, buyer.publicKey)).toBe(readRecord(s, buyer.publicKey)?.tokensReceived);
  });

  it('refuses a program forging the seller’s signature to withdraw the vault to a thief', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    buyers(s, SOL);
    endAndFinalize(s);
    const thief = stranger(s);
    const loot = createTestTokenAccount(s.svm, {
      payer: thief,
      mint: s.fixture.mint,
      owner: thief.publicKey,
    });
    const withdraw = buildWithdrawUnsoldInstruction({
      ...sellerParams(s),
      tempTokenAccount: s.fixture.tempTokenAccount,
      mint: s.fixture.mint,
      destinationTokenAccount: loot,
    });
    const unsigned = withAccount(withdraw, 0, { isSigner: false });
    const before = vaultBalance(s);
    const forwarder = deployCpiForwarder(s, version);
    expectPrivilegeEscalation(
      send(s, [forwardInstruction(forwarder, unsigned, 'signer', 0)], [thief]),
    );
    // Forwarded without the forgery, the program itself refuses the missing signature.
    const honest = send(s, [forwardInstruction(forwarder, unsigned)], [thief]);
    expect(honest.presaleError?.name).toBe('MissingSigner');
    expect(vaultBalance(s)).toBe(before);
    expect(readSvmTokenAmount(s.svm, loot)).toBe(0n);
  });

  it('refuses a program forging a read-only presale writable', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    buyers(s, SOL);
    setNow(s, END);
    const finalize = withAccount(buildFinalizeInstruction(s.fixture), 0, { isWritable: false });
    const forwarder = deployCpiForwarder(s, version);
    const keeper = stranger(s);
    expectPrivilegeEscalation(
      send(s, [forwardInstruction(forwarder, finalize, 'writable', 0)], [keeper]),
    );
    expect(send(s, [forwardInstruction(forwarder, finalize)], [keeper]).presaleError?.name).toBe(
      'NotWritable',
    );
    expect(readPresale(s).status).toBe('open');
  });
});
