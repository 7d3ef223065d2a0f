import type { AddressLookupTableAccount, PublicKey, TransactionInstruction } from '@solana/web3.js';

/** Bytes of a compact-u16 length prefix. */
function compactLength(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : 3;
}

/**
 * Base58 of each key object met, kept while the object lives: web3.js encodes a key in about a
 * tenth of a millisecond, and packing sizes the same buyers' keys several times.
 */
const keyTexts = new WeakMap<PublicKey, string>();

function keyText(key: PublicKey): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = key.toBase58();
    keyTexts.set(key, text);
  }
  return text;
}

interface KeyUse {
  signer: boolean;
  writable: boolean;
  invoked: boolean;
}

/** Every key of the message once, with how it is used (the fee payer first: signer, writable). */
function keyUses(payer: PublicKey, instructions: readonly TransactionInstruction[]) {
  const uses = new Map<string, KeyUse>([
    [keyText(payer), { signer: true, writable: true, invoked: false }],
  ]);
  const use = (key: PublicKey, signer: boolean, writable: boolean, invoked: boolean) => {
    const text = keyText(key);
    const seen = uses.get(text);
    if (seen === undefined) uses.set(text, { signer, writable, invoked });
    else {
      seen.signer ||= signer;
      seen.writable ||= writable;
      seen.invoked ||= invoked;
    }
  };
  for (const instruction of instructions) {
    use(instruction.programId, false, false, true);
    for (const meta of instruction.keys) use(meta.pubkey, meta.isSigner, meta.isWritable, false);
  }
  return uses;
}

/**
 * The signed size (bytes) and account count of the version-0 transaction web3.js compiles from
 * `instructions` with `lookupTables`, computed instead of compiled: a signer or an invoked
 * program is always written in full; any other account found in a table is loaded from the
 * first table holding it (one index byte); the rest are written in full. Compiling and
 * serializing a message costs milliseconds in web3.js, and packing thousands of buyers needs
 * thousands of sizes; the unit test holds this equal to web3.js's own bytes.
 */
export function versionedTransactionSize(
  payer: PublicKey,
  instructions: readonly TransactionInstruction[],
  lookupTables: readonly AddressLookupTableAccount[],
): { bytes: number; accounts: number } {
  const uses = keyUses(payer, instructions);
  const loadable = new Set<string>();
  let lookupBytes = 0;
  let lookups = 0;
  for (const table of lookupTables) {
    let writable = 0;
    let readonly = 0;
    for (const address of table.state.addresses) {
      const text = keyText(address);
      const entry = uses.get(text);
      if (entry === undefined || entry.signer || entry.invoked || loadable.has(text)) continue;
      loadable.add(text);
      if (entry.writable) writable++;
      else readonly++;
    }
    if (writable + readonly === 0) continue;
    lookups++;
    lookupBytes += 32 + compactLength(writable) + writable + compactLength(readonly) + readonly;
  }
  const staticKeys = uses.size - loadable.size;
  const signatures = [...uses.values()].filter((entry) => entry.signer).length;
  let instructionBytes = compactLength(instructions.length);
  for (const instruction of instructions) {
    const accounts = instruction.keys.length;
    const data = instruction.data.length;
    instructionBytes += 1 + compactLength(accounts) + accounts + compactLength(data) + data;
  }
  const message = 1 + 3 + compactLength(staticKeys) + 32 * staticKeys + 32 + instructionBytes;
  return {
    bytes:
      compactLength(signatures) + 64 * signatures + message + compactLength(lookups) + lookupBytes,
    accounts: uses.size,
  };
}
