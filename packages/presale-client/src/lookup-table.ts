import type { PublicKey } from '@solana/web3.js';
import { SystemProgram } from '@solana/web3.js';
import { RENT_SYSVAR_ID } from './constants';
import { findAuthorityAddress } from './pda';
import { TOKEN_PROGRAM_ID } from './token-programs';

/** The accounts of one presale that every buy of it names. */
export interface PresaleBuyAccounts {
  readonly programId: PublicKey;
  readonly presale: PublicKey;
  readonly seller: PublicKey;
  readonly tempTokenAccount: PublicKey;
  readonly mint: PublicKey;
  /** The mint's token program: SPL Token (the default) or Token-2022. */
  readonly tokenProgram?: PublicKey;
}

/**
 * What an address lookup table should hold for buys of these presales: the accounts every buy
 * names that are neither its signer, nor the buyer's own (token account, buyer record), nor the
 * leader's record, nor invoked as a program (a program id cannot be loaded from a table): each
 * presale with its vault, authority and seller, the mint, the mints' token programs (SPL Token
 * or Token-2022), System and the Rent sysvar. Each once, in that order. A version-0 buy loading them needs one byte per account
 * instead of 32, which is what lets a first leader buy with a 20-hash allowlist proof fit one
 * packet.
 */
export function buyLookupTableAddresses(presales: readonly PresaleBuyAccounts[]): PublicKey[] {
  const wanted: PublicKey[] = [];
  for (const sale of presales) {
    const [authority] = findAuthorityAddress(sale.programId, sale.presale);
    wanted.push(sale.presale, sale.tempTokenAccount, authority, sale.seller, sale.mint);
  }
  wanted.push(...presales.map((sale) => sale.tokenProgram ?? TOKEN_PROGRAM_ID));
  wanted.push(SystemProgram.programId, RENT_SYSVAR_ID);
  const seen = new Set<string>();
  return wanted.filter((key) => {
    const text = key.toBase58();
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}
