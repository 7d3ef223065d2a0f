import { describe, expect, it } from 'vitest';
import {
  decodeBase58,
  decodeLoaderProgram,
  decodeMint,
  decodeProgramData,
  decodeTokenAccount,
  elfFileBytes,
  readSecurityTxt,
  TOKEN_2022_EXTENSION,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from './index';
import { RENT_SYSVAR, WALLET } from '../test/support/fixtures';

const key = (address: string) => decodeBase58(address);
const u32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
};
const u16 = (value: number) => u32(value).subarray(0, 2);
const u64 = (value: bigint) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const cOption = (address: string | null) =>
  address === null ? new Uint8Array(36) : concat(u32(1), key(address));
const text = (value: string) => {
  const bytes = new TextEncoder().encode(value);
  return concat(u32(bytes.length), bytes);
};

function mintBytes(mintAuthority: string | null, freezeAuthority: string | null): Uint8Array {
  return concat(
    cOption(mintAuthority),
    u64(100_000_000_000_000n),
    Uint8Array.of(6, 1),
    cOption(freezeAuthority),
  );
}

/** A Token-2022 mint: base, padding to 165, kind 1, then the TLV entries. */
function mint2022(...entries: { type: number; value: Uint8Array }[]): Uint8Array {
  return concat(
    mintBytes(null, null),
    new Uint8Array(165 - 82),
    Uint8Array.of(1),
    ...entries.map((entry) => concat(u16(entry.type), u16(entry.value.length), entry.value)),
  );
}

const metadataValue = (authority: string | null) =>
  concat(
    authority === null ? new Uint8Array(32) : key(authority),
    key(WALLET),
    text('Frustrated Beast Token'),
    text('FBT'),
    text('https://example.org/fbt.json'),
    u32(0),
  );

describe('decodeMint', () => {
  it('reads an SPL Token mint: authorities, supply, decimals', () => {
    const mint = decodeMint(mintBytes(WALLET, RENT_SYSVAR), TOKEN_PROGRAM_ADDRESS);
    expect(mint).toEqual({
      program: 'spl-token',
      mintAuthority: WALLET,
      freezeAuthority: RENT_SYSVAR,
      supply: 100_000_000_000_000n,
      decimals: 6,
      isInitialized: true,
      extensions: [],
      metadata: null,
    });
    expect(decodeMint(mintBytes(null, null), TOKEN_PROGRAM_ADDRESS)?.mintAuthority).toBeNull();
  });

  it('reads a Token-2022 mint with its extensions and on-mint metadata', () => {
    const mint = decodeMint(
      mint2022(
        { type: TOKEN_2022_EXTENSION.metadataPointer, value: new Uint8Array(64) },
        { type: TOKEN_2022_EXTENSION.tokenMetadata, value: metadataValue(null) },
      ),
      TOKEN_2022_PROGRAM_ADDRESS,
    );
    expect(mint?.program).toBe('token-2022');
    expect(mint?.extensions).toEqual([18, 19]);
    expect(mint?.metadata).toEqual({
      updateAuthority: null,
      name: 'Frustrated Beast Token',
      symbol: 'FBT',
      uri: 'https://example.org/fbt.json',
    });
    const withAuthority = decodeMint(
      mint2022({ type: 19, value: metadataValue(WALLET) }),
      TOKEN_2022_PROGRAM_ADDRESS,
    );
    expect(withAuthority?.metadata?.updateAuthority).toBe(WALLET);
  });

  it('answers null for bytes that are not a mint it reads', () => {
    expect(decodeMint(mintBytes(null, null), WALLET)).toBeNull();
    expect(decodeMint(new Uint8Array(40), TOKEN_PROGRAM_ADDRESS)).toBeNull();
    const badTag = mintBytes(null, null);
    badTag[0] = 7;
    expect(decodeMint(badTag, TOKEN_PROGRAM_ADDRESS)).toBeNull();
    expect(decodeMint(mint2022(), TOKEN_PROGRAM_ADDRESS)).toBeNull();
    const wrongKind = mint2022();
    wrongKind[165] = 2;
    expect(decodeMint(wrongKind, TOKEN_2022_PROGRAM_ADDRESS)).toBeNull();
    const truncated = mint2022({ type: 19, value: metadataValue(null) }).subarray(0, 200);
    expect(decodeMint(truncated, TOKEN_2022_PROGRAM_ADDRESS)).toBeNull();
    const shortMetadata = decodeMint(
      mint2022({ type: 19, value: metadataValue(null).subarray(0, 70) }),
      TOKEN_2022_PROGRAM_ADDRESS,
    );
    expect(shortMetadata?.metadata).toBeNull();
    expect(
      decodeMint(mint2022({ type: 19, value: new Uint8Array(10) }), TOKEN_2022_PROGRAM_ADDRESS)
        ?.metadata,
    ).toBeNull();
  });

  it('stops at uninitialized TLV space', () => {
    const mint = decodeMint(
      concat(mint2022({ type: 12, value: new Uint8Array(32) }), new Uint8Array(8)),
      TOKEN_2022_PROGRAM_ADDRESS,
    );
    expect(mint?.extensions).toEqual([TOKEN_2022_EXTENSION.permanentDelegate]);
  });
});

describe('decodeTokenAccount', () => {
  const account = (delegate: string | null, close: string | null) =>
    concat(
      key(RENT_SYSVAR),
      key(WALLET),
      u64(42n),
      cOption(delegate),
      Uint8Array.of(1),
      new Uint8Array(12 + 8),
      cOption(close),
    );

  it('reads mint, owner, amount, delegate and close authority', () => {
    expect(decodeTokenAccount(account(null, WALLET), TOKEN_PROGRAM_ADDRESS)).toEqual({
      mint: RENT_SYSVAR,
      owner: WALLET,
      amount: 42n,
      delegate: null,
      closeAuthority: WALLET,
      state: 'initialized',
    });
    expect(
      decodeTokenAccount(
        concat(account(WALLET, null), Uint8Array.of(2)),
        TOKEN_2022_PROGRAM_ADDRESS,
      )?.delegate,
    ).toBe(WALLET);
  });

  it('answers null for other owners, sizes and kinds', () => {
    expect(decodeTokenAccount(account(null, null), WALLET)).toBeNull();
    expect(decodeTokenAccount(new Uint8Array(100), TOKEN_PROGRAM_ADDRESS)).toBeNull();
    expect(
      decodeTokenAccount(concat(account(null, null), Uint8Array.of(1)), TOKEN_2022_PROGRAM_ADDRESS),
    ).toBeNull();
    const bad = account(null, null);
    bad[72] = 9;
    expect(decodeTokenAccount(bad, TOKEN_PROGRAM_ADDRESS)).toBeNull();
  });
});

/** A 64-bit little-endian ELF: header, one program header, one section header, `body` bytes. */
function tinyElf(body: Uint8Array, options: { sections?: boolean } = {}): Uint8Array {
  const header = new Uint8Array(64);
  header.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  const view = new DataView(header.buffer);
  const phoff = 64;
  const dataOffset = phoff + 56;
  const shoff = dataOffset + body.length;
  view.setBigUint64(0x20, BigInt(phoff), true);
  view.setBigUint64(0x28, options.sections === false ? 0n : BigInt(shoff), true);
  view.setUint16(0x36, 56, true);
  view.setUint16(0x38, 1, true);
  view.setUint16(0x3a, 64, true);
  view.setUint16(0x3c, options.sections === false ? 0 : 2, true);
  const program = new Uint8Array(56);
  const pview = new DataView(program.buffer);
  pview.setBigUint64(8, BigInt(dataOffset), true);
  pview.setBigUint64(32, BigInt(body.length), true);
  if (options.sections === false) return concat(header, program, body);
  const sections = new Uint8Array(128);
  const sview = new DataView(sections.buffer);
  sview.setUint32(4, 1, true); // PROGBITS
  sview.setBigUint64(24, BigInt(dataOffset), true);
  sview.setBigUint64(32, BigInt(body.length), true);
  sview.setUint32(64 + 4, 8, true); // NOBITS, its size is no file bytes
  sview.setBigUint64(64 + 24, BigInt(shoff), true);
  sview.setBigUint64(64 + 32, 4096n, true);
  return concat(header, program, body, sections);
}

describe('the upgradeable loader and the ELF', () => {
  it('reads the program account and the programdata header', () => {
    expect(decodeLoaderProgram(concat(u32(2), key(WALLET)))).toBe(WALLET);
    expect(decodeLoaderProgram(concat(u32(3), key(WALLET)))).toBeNull();
    const elf = tinyElf(Uint8Array.of(1, 2, 3, 0));
    const data = concat(u32(3), u64(77n), Uint8Array.of(1), key(WALLET), elf, new Uint8Array(500));
    expect(decodeProgramData(data)).toMatchObject({ slot: 77n, upgradeAuthority: WALLET });
    const immutable = concat(u32(3), u64(1n), new Uint8Array(33), elf);
    expect(decodeProgramData(immutable)?.upgradeAuthority).toBeNull();
    expect(
      decodeProgramData(concat(u32(3), u64(1n), Uint8Array.of(2), new Uint8Array(32))),
    ).toBeNull();
    expect(decodeProgramData(new Uint8Array(10))).toBeNull();
  });

  it('cuts the ELF out of the zero padding by its own headers, trailing zeros of its own kept', () => {
    const elf = tinyElf(Uint8Array.of(9, 9, 0, 0));
    const padded = concat(elf, new Uint8Array(1000));
    expect(elfFileBytes(padded)).toEqual(elf);
    const segmentsOnly = tinyElf(Uint8Array.of(5, 0, 0), { sections: false });
    expect(elfFileBytes(concat(segmentsOnly, new Uint8Array(64)))).toEqual(segmentsOnly);
  });

  it('answers null for bytes that are not an ELF, or whose headers point past them', () => {
    expect(elfFileBytes(new Uint8Array(100))).toBeNull();
    const elf = tinyElf(Uint8Array.of(1));
    expect(elfFileBytes(elf.subarray(0, elf.length - 1))).toBeNull();
    const thirtyTwoBit = elf.slice();
    thirtyTwoBit[4] = 1;
    expect(elfFileBytes(thirtyTwoBit)).toBeNull();
    const segmentPastEnd = tinyElf(Uint8Array.of(1, 2), { sections: false });
    new DataView(segmentPastEnd.buffer).setBigUint64(64 + 32, 1000n, true);
    expect(elfFileBytes(segmentPastEnd)).toBeNull();
  });
});

describe('readSecurityTxt', () => {
  const wrap = (inner: string) =>
    new TextEncoder().encode(
      `junk=======BEGIN SECURITY.TXT V1=======\0${inner}=======END SECURITY.TXT V1=======\0tail`,
    );

  it('reads the name and value pairs between the markers', () => {
    const fields = readSecurityTxt(wrap('name\0FBT\0contacts\0email:a@b.c\0'));
    expect([...(fields ?? [])]).toEqual([
      ['name', 'FBT'],
      ['contacts', 'email:a@b.c'],
    ]);
  });

  it('answers null without markers or for malformed pairs, as an explorer shows none', () => {
    expect(readSecurityTxt(new TextEncoder().encode('no markers here'))).toBeNull();
    expect(
      readSecurityTxt(new TextEncoder().encode('=======BEGIN SECURITY.TXT V1=======\0name\0x\0')),
    ).toBeNull();
    expect(readSecurityTxt(wrap('name\0FBT\0contacts\0'))).toBeNull();
    expect(readSecurityTxt(wrap('name\0FBT'))).toBeNull();
    expect(readSecurityTxt(wrap('name\0a\0name\0b\0'))).toBeNull();
    const notUtf8 = wrap('name\0XX\0');
    notUtf8.set([0xff, 0xfe], notUtf8.indexOf(0x58));
    expect(readSecurityTxt(notUtf8)).toBeNull();
  });
});
