/**
 * Reads a Token-2022 mint's TokenMetadata extension straight from its bytes, the way wallets
 * and explorers do: the TLV entries after the account-type byte (offset 165), entry type 19.
 */
import { PublicKey } from '@solana/web3.js';

/** The TokenMetadata a mint holds. */
export interface MintTokenMetadata {
  /** null when the update authority was given up (all zeros). */
  readonly updateAuthority: string | null;
  readonly mint: string;
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  readonly additionalMetadata: readonly (readonly [string, string])[];
}

const TLV_START = 166;
const TOKEN_METADATA = 19;
const METADATA_POINTER = 18;

/** The TLV entries of a Token-2022 mint (type, value), or none for an 82-byte mint. */
export function mintExtensionEntries(data: Uint8Array): { type: number; value: Uint8Array }[] {
  const entries: { type: number; value: Uint8Array }[] = [];
  if (data.length <= TLV_START || data[165] !== 1) return entries;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = TLV_START;
  while (data.length - at >= 4) {
    const type = view.getUint16(at, true);
    if (type === 0) break;
    const length = view.getUint16(at + 2, true);
    entries.push({ type, value: data.subarray(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  return entries;
}

/** The metadata address a mint's MetadataPointer names, or null without one. */
export function readMetadataPointer(data: Uint8Array): string | null {
  const entry = mintExtensionEntries(data).find(({ type }) => type === METADATA_POINTER);
  return entry ? new PublicKey(entry.value.subarray(32, 64)).toBase58() : null;
}

/** The mint's TokenMetadata, or null when it has none. */
export function readTokenMetadata(data: Uint8Array): MintTokenMetadata | null {
  const entry = mintExtensionEntries(data).find(({ type }) => type === TOKEN_METADATA);
  if (!entry) return null;
  const value = entry.value;
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  const decoder = new TextDecoder();
  let at = 64;
  const text = (): string => {
    const length = view.getUint32(at, true);
    const out = decoder.decode(value.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    return out;
  };
  const authority = value.subarray(0, 32);
  const name = text();
  const symbol = text();
  const uri = text();
  const count = view.getUint32(at, true);
  at += 4;
  const additionalMetadata = Array.from({ length: count }, () => [text(), text()] as const);
  return {
    updateAuthority: authority.every((byte) => byte === 0)
      ? null
      : new PublicKey(authority).toBase58(),
    mint: new PublicKey(value.subarray(32, 64)).toBase58(),
    name,
    symbol,
    uri,
    additionalMetadata,
  };
}
