import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { parseTokenExtensions } from './token-extensions';

const key = (fill: number) => new Uint8Array(32).fill(fill);
const u16 = (value: number) => [value & 0xff, value >> 8];
const text = (value: string) => {
  const bytes = new TextEncoder().encode(value);
  return [...new Uint8Array(new Uint32Array([bytes.length]).buffer), ...bytes];
};
const entry = (type: number, value: readonly number[]) => [
  ...u16(type),
  ...u16(value.length),
  ...value,
];

/** A Token-2022 mint's bytes: the 82-byte base zero-padded to 165, type byte 1, then `tlv`. */
function mintWith(tlv: readonly number[]): Uint8Array {
  const data = new Uint8Array(166 + tlv.length);
  data[165] = 1;
  data.set(tlv, 166);
  return data;
}

describe('parseTokenExtensions', () => {
  it('renders a mint’s metadata pointer and token metadata as RPC’s jsonParsed does', () => {
    const metadata = [
      ...key(7),
      ...key(9),
      ...text('Frustrated Beast Token'),
      ...text('FBT'),
      ...text('https://fbt.example.org/favicon.svg'),
      ...[1, 0, 0, 0],
      ...text('site'),
      ...text('https://fbt.example.org'),
    ];
    const data = mintWith([
      ...entry(18, [...new Array<number>(32).fill(0), ...key(9)]),
      ...entry(19, metadata),
      ...entry(999, [1, 2, 3]),
    ]);
    expect(parseTokenExtensions(data)).toEqual([
      {
        extension: 'metadataPointer',
        state: { authority: null, metadataAddress: bs58.encode(key(9)) },
      },
      {
        extension: 'tokenMetadata',
        state: {
          updateAuthority: bs58.encode(key(7)),
          mint: bs58.encode(key(9)),
          name: 'Frustrated Beast Token',
          symbol: 'FBT',
          uri: 'https://fbt.example.org/favicon.svg',
          additionalMetadata: [['site', 'https://fbt.example.org']],
        },
      },
      { extension: 'unparseableExtension' },
    ]);
  });

  it('is null without extensions and stops at an Uninitialized type or a cut entry', () => {
    expect(parseTokenExtensions(new Uint8Array(82))).toBeNull();
    expect(parseTokenExtensions(new Uint8Array(165))).toBeNull();
    const account = new Uint8Array(170);
    account[165] = 2;
    account.set(entry(7, []), 166);
    expect(parseTokenExtensions(account)).toEqual([{ extension: 'immutableOwner' }]);
    expect(parseTokenExtensions(mintWith([...entry(3, [...key(4)]), 0, 0, 0, 0]))).toEqual([
      { extension: 'mintCloseAuthority', state: { closeAuthority: bs58.encode(key(4)) } },
    ]);
    expect(parseTokenExtensions(mintWith(entry(18, [1, 2])).subarray(0, 170))).toEqual([]);
  });
});
