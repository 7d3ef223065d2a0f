import { getTransactionDecoder } from '@solana/kit';
import {
  AddressLookupTableAccount,
  AddressLookupTableProgram,
  TransactionMessage,
  VersionedTransaction,
  type Keypair,
  type PublicKey,
  type TransactionInstruction,
} from '@solana/web3.js';
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm';
import { decodePresaleError } from '@fbt/presale-client';
import { sendLegacyTransaction, type TransactionOutcome } from './send';
import { readSvmAccount } from './svm-accounts';

const decoder = getTransactionDecoder();
/** Addresses per ExtendLookupTable, so each extension fits a legacy transaction. */
const ADDRESSES_PER_EXTEND = 25;

/**
 * Creates an address lookup table holding `addresses` with the real lookup table program (the
 * chain's SlotHashes listing the slot it is derived from), then moves one slot on so the
 * addresses can be loaded.
 */
export function createLookupTable(
  svm: LiteSVM,
  payer: Keypair,
  addresses: readonly PublicKey[],
): AddressLookupTableAccount {
  const slot = svm.getClock().slot + 1n;
  svm.warpToSlot(slot);
  svm.setSlotHashes([{ slot: slot - 1n, hash: svm.latestBlockhash() }]);
  const [create, table] = AddressLookupTableProgram.createLookupTable({
    authority: payer.publicKey,
    payer: payer.publicKey,
    recentSlot: Number(slot - 1n),
  });
  const send = (instructions: TransactionInstruction[]) => {
    const outcome = sendLegacyTransaction(svm, instructions, [payer]);
    if (!outcome.ok) throw new Error(`lookup table: ${outcome.error}`);
  };
  send([create]);
  for (let i = 0; i < addresses.length; i += ADDRESSES_PER_EXTEND) {
    send([
      AddressLookupTableProgram.extendLookupTable({
        lookupTable: table,
        authority: payer.publicKey,
        payer: payer.publicKey,
        addresses: addresses.slice(i, i + ADDRESSES_PER_EXTEND),
      }),
    ]);
  }
  svm.warpToSlot(slot + 1n);
  const account = readSvmAccount(svm, table);
  if (!account) throw new Error('lookup table not created');
  return new AddressLookupTableAccount({
    key: table,
    state: AddressLookupTableAccount.deserialize(account.data),
  });
}

/**
 * Signs and sends a version-0 transaction loading accounts from `tables` (the first signer pays);
 * the outcome as {@link sendLegacyTransaction} reports it.
 */
export function sendVersionedTransaction(
  svm: LiteSVM,
  instructions: readonly TransactionInstruction[],
  signers: readonly Keypair[],
  tables: readonly AddressLookupTableAccount[],
): TransactionOutcome & { readonly size: number } {
  const [feePayer] = signers;
  if (!feePayer) throw new Error('sendVersionedTransaction needs a signer (the fee payer)');
  const message = new TransactionMessage({
    payerKey: feePayer.publicKey,
    recentBlockhash: svm.latestBlockhash(),
    instructions: [...instructions],
  }).compileToV0Message([...tables]);
  const transaction = new VersionedTransaction(message);
  transaction.sign([...signers]);
  const bytes = transaction.serialize();
  const result = svm.sendTransaction(decoder.decode(bytes));
  svm.expireBlockhash();
  const signature = '';
  if (result instanceof FailedTransactionMetadata) {
    const meta = result.meta();
    const error = result.err().toString();
    const presaleError = decodePresaleError(error);
    return {
      ok: false,
      computeUnits: meta.computeUnitsConsumed(),
      logs: meta.logs(),
      error,
      presaleError,
      customCode: presaleError?.code ?? null,
      signature,
      size: bytes.length,
    };
  }
  return {
    ok: true,
    computeUnits: result.computeUnitsConsumed(),
    logs: result.logs(),
    error: '',
    presaleError: null,
    customCode: null,
    signature,
    size: bytes.length,
  };
}
