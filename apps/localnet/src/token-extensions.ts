import bs58 from 'bs58';

/** Where a Token-2022 account's extensions start: after its base (mints padded to 165 bytes) and type byte. */
const TLV_START = 166;

const decoder = new TextDecoder();

/** An OptionalNonZeroPubkey: 32 bytes, all zero for none. */
function optionalKey(bytes: Uint8Array): string | null {
  return bytes.every((byte) => byte === 0) ? null : bs58.encode(bytes);
}

/** TokenMetadata: update authority, mint, then name, symbol, uri and key/value pairs (u32-prefixed UTF-8). */
function tokenMetadata(value: Uint8Array): Record<string, unknown> {
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  let at = 64;
  const text = (): string => {
    const length = view.getUint32(at, true);
    const out = decoder.decode(value.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    return out;
  };
  const updateAuthority = optionalKey(value.subarray(0, 32));
  const mint = bs58.encode(value.subarray(32, 64));
  const name = text();
  const symbol = text();
  const uri = text();
  const count = view.getUint32(at, true);
  at += 4;
  const additionalMetadata = Array.from({ length: count }, () => [text(), text()]);
  return { updateAuthority, mint, name, symbol, uri, additionalMetadata };
}

/** One TLV entry in agave's jsonParsed form; types this chain does not render are unparseable. */
function renderExtension(type: number, value: Uint8Array): Record<string, unknown> {
  switch (type) {
    case 3:
      return { extension: 'mintCloseAuthority', state: { closeAuthority: optionalKey(value) } };
    case 7:
      return { extension: 'immutableOwner' };
    case 18:
      return {
        extension: 'metadataPointer',
        state: {
          authority: optionalKey(value.subarray(0, 32)),
          metadataAddress: optionalKey(value.subarray(32, 64)),
        },
      };
    case 19:
      return { extension: 'tokenMetadata', state: tokenMetadata(value) };
    default:
      return { extension: 'unparseableExtension' };
  }
}

/**
 * The `extensions` of a Token-2022 mint or token account, as RPC's jsonParsed shows them to
 * wallets and explorers (a mint's name, symbol and logo URI are its `tokenMetadata`), or null
 * for an account without extensions (SPL Token's, or a plain Token-2022 one). Entries are read
 * the way Token-2022 writes them: u16 type, u16 length, value, until an Uninitialized type or
 * fewer than 4 bytes remain; a malformed entry ends the list.
 */
export function parseTokenExtensions(data: Uint8Array): Record<string, unknown>[] | null {
  if (data.length <= TLV_START) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const extensions: Record<string, unknown>[] = [];
  let at = TLV_START;
  while (data.length - at >= 4) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0 || at + 4 + length > data.length) break;
    try {
      extensions.push(renderExtension(type, data.subarray(at + 4, at + 4 + length)));
    } catch {
      extensions.push({ extension: 'unparseableExtension' });
    }
    at += 4 + length;
  }
  return extensions;
}
