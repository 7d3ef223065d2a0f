import { ed25519 } from '@noble/curves/ed25519';

/** Why a transaction could not be signed. */
export class TransactionSigningError extends Error {
  override readonly name = 'TransactionSigningError';
}

/** Reads Solana's compact-u16 ("shortvec") at `offset`: the value and the bytes it took. */
export function readCompactU16(bytes: Uint8Array, offset: number): { value: number; size: number } {
  let value = 0;
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size];
    if (byte === undefined) throw new TransactionSigningError('Truncated compact-u16');
    value |= (byte & 0x7f) << (7 * size);
    if ((byte & 0x80) === 0) return { value, size: size + 1 };
  }
  throw new TransactionSigningError('Compact-u16 longer than 3 bytes');
}

/** Where the parts of a wire transaction sit. */
export interface WireTransactionLayout {
  /** Offset of the first 64-byte signature slot. */
  readonly signaturesOffset: number;
  readonly signatureCount: number;
  /** Offset of the message (what every signer signs). */
  readonly messageOffset: number;
  /** The message's signer keys, in signature-slot order. */
  readonly signerKeys: readonly Uint8Array[];
}

/**
 * Locates signatures, message and signer keys in a serialized legacy or v0 transaction.
 * Throws `TransactionSigningError` when the bytes are not a well-formed transaction.
 */
export function readWireTransactionLayout(bytes: Uint8Array): WireTransactionLayout {
  const count = readCompactU16(bytes, 0);
  const signaturesOffset = count.size;
  const messageOffset = signaturesOffset + count.value * 64;
  let cursor = messageOffset;
  const first = bytes[cursor];
  if (first === undefined) throw new TransactionSigningError('Transaction has no message');
  if ((first & 0x80) !== 0) {
    if ((first & 0x7f) !== 0) {
      throw new TransactionSigningError(`Unsupported transaction version ${first & 0x7f}`);
    }
    cursor += 1; // version prefix of a v0 message
  }
  const requiredSignatures = bytes[cursor];
  if (requiredSignatures === undefined) throw new TransactionSigningError('Truncated header');
  cursor += 3;
  const keys = readCompactU16(bytes, cursor);
  cursor += keys.size;
  if (requiredSignatures !== count.value || requiredSignatures > keys.value) {
    throw new TransactionSigningError('Signature count does not match the message header');
  }
  if (cursor + keys.value * 32 > bytes.length) {
    throw new TransactionSigningError('Truncated account keys');
  }
  const signerKeys = Array.from({ length: requiredSignatures }, (_, i) =>
    bytes.subarray(cursor + i * 32, cursor + (i + 1) * 32),
  );
  return { signaturesOffset, signatureCount: count.value, messageOffset, signerKeys };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Signs a serialized transaction with a Solana secret key (64 bytes: seed + public key) and
 * returns a new serialized transaction with the signature in this key's slot; other signers'
 * slots are left as they were. Throws when the key is not one of the transaction's signers.
 */
export function signWireTransaction(transaction: Uint8Array, secretKey: Uint8Array): Uint8Array {
  if (secretKey.length !== 64) throw new TransactionSigningError('Secret key must be 64 bytes');
  const seed = secretKey.subarray(0, 32);
  const publicKey = secretKey.subarray(32);
  const layout = readWireTransactionLayout(transaction);
  const slot = layout.signerKeys.findIndex((key) => sameBytes(key, publicKey));
  if (slot < 0) throw new TransactionSigningError('This wallet is not a signer of the transaction');
  const signature = ed25519.sign(transaction.subarray(layout.messageOffset), seed);
  const signed = Uint8Array.from(transaction);
  signed.set(signature, layout.signaturesOffset + slot * 64);
  return signed;
}

/** Signs arbitrary bytes (the `solana:signMessage` feature). */
export function signMessageBytes(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  return ed25519.sign(message, secretKey.subarray(0, 32));
}

/** Builds a Solana secret key (seed + public key) from a 32-byte seed. */
export function secretKeyFromSeed(seed: Uint8Array): Uint8Array {
  if (seed.length !== 32) throw new TransactionSigningError('Seed must be 32 bytes');
  const secretKey = new Uint8Array(64);
  secretKey.set(seed);
  secretKey.set(ed25519.getPublicKey(seed), 32);
  return secretKey;
}
