import { buildFinalizeInstruction } from '@fbt/presale-client';
import type { AddressLookupTableAccount, Connection, Keypair, PublicKey } from '@solana/web3.js';
import {
  sendVersionedTransaction,
  type ConfirmedTransaction,
  type SendOptions,
} from './send-transaction';

/** Who sends Finalize and to which presale. */
export interface FinalizeOptions {
  readonly connection: Connection;
  readonly programId: PublicKey;
  readonly presale: PublicKey;
  /** The fee payer (anyone may finalize a complete sale). */
  readonly payer: Keypair;
  readonly lookupTables?: readonly AddressLookupTableAccount[];
  readonly send?: SendOptions;
}

/**
 * Sends Finalize: fixes a complete at-completion sale's outcome (succeeded, or failed below its
 * minimum raise). The program refuses it before completion and after a first Finalize.
 */
export function finalizePresale(options: FinalizeOptions): Promise<ConfirmedTransaction> {
  return sendVersionedTransaction(
    options.connection,
    options.payer,
    [buildFinalizeInstruction({ programId: options.programId, presale: options.presale })],
    options.lookupTables ?? [],
    options.send,
  );
}
