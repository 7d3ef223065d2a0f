import { TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { PublicKey, SystemProgram } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { RENT_SYSVAR_ID } from './constants';
import { buyLookupTableAddresses } from './lookup-table';
import { findAuthorityAddress } from './pda';

const key = (seed: number): PublicKey =>
  new PublicKey(Uint8Array.from({ length: 32 }, (_, i) => (seed * 37 + i) % 256));

describe('buyLookupTableAddresses', () => {
  it('lists each presale with its vault, authority and seller, then the shared accounts, each once', () => {
    const programId = key(1);
    const mint = key(2);
    const seller = key(3);
    const first = { programId, presale: key(4), seller, tempTokenAccount: key(5), mint };
    const second = { programId, presale: key(6), seller, tempTokenAccount: key(7), mint };
    const names = buyLookupTableAddresses([first, second]).map((k) => k.toBase58());
    expect(names).toEqual(
      [
        first.presale,
        first.tempTokenAccount,
        findAuthorityAddress(programId, first.presale)[0],
        seller,
        mint,
        second.presale,
        second.tempTokenAccount,
        findAuthorityAddress(programId, second.presale)[0],
        TOKEN_PROGRAM_ID,
        SystemProgram.programId,
        RENT_SYSVAR_ID,
      ].map((k) => k.toBase58()),
    );
    // Never a program a buy invokes: those must stay in the message itself.
    expect(names).not.toContain(programId.toBase58());
  });
});
