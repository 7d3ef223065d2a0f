import { PublicKey } from '@solana/web3.js';
import { decodeBuyInstruction, findBuyerRecordAddress } from '@fbt/presale-client';
import type { BuyerRecordAddressDeriver, BuyInstructionDecoder } from '@fbt/domain';

/** The program client's Buy decoder, in the shape the transaction verifier takes. */
export function createProgramBuyDecoder(programId: string): BuyInstructionDecoder {
  const program = new PublicKey(programId);
  return (instruction) => {
    const decoded = decodeBuyInstruction(
      {
        programId: new PublicKey(instruction.programId),
        keys: instruction.accounts.map((account) => ({ pubkey: new PublicKey(account) })),
        data: instruction.data,
      },
      program,
    );
    return decoded === null
      ? null
      : {
          buyer: decoded.accounts.buyer.toBase58(),
          presale: decoded.accounts.presale.toBase58(),
          lamports: decoded.lamports,
        };
  };
}

/** The program's buyer-record PDA derivation. */
export function createBuyerRecordDeriver(programId: string): BuyerRecordAddressDeriver {
  const program = new PublicKey(programId);
  return (presale, wallet) =>
    findBuyerRecordAddress(program, new PublicKey(presale), new PublicKey(wallet))[0].toBase58();
}
