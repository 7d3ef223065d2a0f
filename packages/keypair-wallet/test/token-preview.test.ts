// The test wallet's Phantom-style preview, below the browser: the accounts a message may write,
// and a mint named from its Token-2022 TokenMetadata (bytes laid out by @solana/spl-token and
// @solana/spl-token-metadata, the TLV walked by @fbt/domain's decodeMint), its `uri` document
// and logo served by a loopback HTTP server; a mint without metadata is unknown.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExtensionType, MINT_SIZE, MintLayout } from '@solana/spl-token';
import { pack } from '@solana/spl-token-metadata';
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeMint, type MetadataReaders } from './support/preview/describe-token';
import { readMessageAccounts } from './support/preview/message-accounts';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const mint = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey;
const payer = Keypair.fromSeed(new Uint8Array(32).fill(8));

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/token/fbt.json') {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          name: 'Frustrated Beast Token',
          symbol: 'FBT',
          image: `${origin}/logo.png`,
        }),
      );
    } else if (request.url === '/logo.png') {
      response.setHeader('content-type', 'image/png');
      response.end(PNG);
    } else {
      response.statusCode = 404;
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Node's reads, as the page's: the document by fetch; an image loads when served as a PNG. */
const readers: MetadataReaders = {
  fetchJson: async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  },
  loadImage: async (url) => {
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return response.ok && bytes[0] === 0x89 && bytes[1] === 0x50;
  },
};

/** A mint's 82 base bytes as spl-token lays them out: no authorities, 9 decimals. */
function baseMint(): Uint8Array {
  const bytes = new Uint8Array(MINT_SIZE);
  MintLayout.encode(
    {
      mintAuthorityOption: 0,
      mintAuthority: PublicKey.default,
      supply: 100_000_000n * 10n ** 9n,
      decimals: 9,
      isInitialized: true,
      freezeAuthorityOption: 0,
      freezeAuthority: PublicKey.default,
    },
    bytes,
  );
  return bytes;
}

/** A Token-2022 mint: base, padding to 165, the mint kind byte, then each (type, value) TLV. */
function token2022Mint(extensions: [ExtensionType, Uint8Array][]): Uint8Array {
  const tlv = extensions.flatMap(([type, value]) => [
    type & 0xff,
    type >> 8,
    value.length & 0xff,
    value.length >> 8,
    ...value,
  ]);
  return Uint8Array.from([...baseMint(), ...new Uint8Array(165 - MINT_SIZE), 1, ...tlv]);
}

function fbtMetadata(uri: string): Uint8Array {
  return Uint8Array.from(
    pack({
      updateAuthority: undefined,
      mint,
      name: 'Frustrated Beast Token',
      symbol: 'FBT',
      uri,
      additionalMetadata: [],
    }),
  );
}

describe('describing a mint from its account', () => {
  it('names a Token-2022 mint from its TokenMetadata, its document and its loading image', async () => {
    const pointer = Uint8Array.from([...new Uint8Array(32), ...mint.toBytes()]);
    const data = token2022Mint([
      [ExtensionType.MetadataPointer, pointer],
      [ExtensionType.TokenMetadata, fbtMetadata(`${origin}/token/fbt.json`)],
    ]);
    expect(
      await describeMint(mint.toBase58(), { owner: TOKEN_2022_PROGRAM, data }, readers),
    ).toEqual({
      kind: 'known',
      mint: mint.toBase58(),
      name: 'Frustrated Beast Token',
      symbol: 'FBT',
      uri: `${origin}/token/fbt.json`,
      document: { name: 'Frustrated Beast Token', symbol: 'FBT' },
      image: `${origin}/logo.png`,
      imageLoads: true,
      problem: null,
    });
  });

  it('keeps the on-chain name when the document is missing, and says why there is no logo', async () => {
    const data = token2022Mint([[ExtensionType.TokenMetadata, fbtMetadata(`${origin}/gone.json`)]]);
    const described = await describeMint(
      mint.toBase58(),
      { owner: TOKEN_2022_PROGRAM, data },
      readers,
    );
    expect(described).toMatchObject({
      kind: 'known',
      name: 'Frustrated Beast Token',
      symbol: 'FBT',
      document: null,
      image: null,
      imageLoads: false,
    });
    expect(described.kind === 'known' && described.problem).toBe(
      `The metadata document at ${origin}/gone.json could not be read: Error: HTTP 404`,
    );
  });

  it.each([
    ['a classic SPL Token mint', TOKEN_PROGRAM, () => baseMint()],
    [
      'a Token-2022 mint with a metadata pointer but no metadata',
      TOKEN_2022_PROGRAM,
      () => token2022Mint([[ExtensionType.MetadataPointer, new Uint8Array(64)]]),
    ],
    [
      'a Token-2022 mint whose TLV runs past its end',
      TOKEN_2022_PROGRAM,
      () => token2022Mint([[ExtensionType.TokenMetadata, fbtMetadata('x')]]).subarray(0, 200),
    ],
    ['an account of another program', SystemProgram.programId.toBase58(), () => baseMint()],
  ])('describes %s as unknown, by address only', async (_case, owner, data) => {
    expect(await describeMint(mint.toBase58(), { owner, data: data() }, readers)).toEqual({
      kind: 'unknown',
      mint: mint.toBase58(),
    });
  });

  it('describes a mint that does not exist as unknown', async () => {
    expect(await describeMint(mint.toBase58(), null, readers)).toEqual({
      kind: 'unknown',
      mint: mint.toBase58(),
    });
  });
});

describe('the accounts a message may write', () => {
  const readOnly = new PublicKey(new Uint8Array(32).fill(3));
  const credited = new PublicKey(new Uint8Array(32).fill(5));
  const instruction = SystemProgram.transfer({
    fromPubkey: payer.publicKey,
    toPubkey: credited,
    lamports: 1,
  });
  instruction.keys.push({ pubkey: readOnly, isSigner: false, isWritable: false });
  const blockhash = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k';

  it.each([
    [
      'legacy',
      () =>
        new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash })
          .add(instruction)
          .serialize({ requireAllSignatures: false }),
    ],
    [
      'version 0',
      () =>
        new VersionedTransaction(
          new TransactionMessage({
            payerKey: payer.publicKey,
            recentBlockhash: blockhash,
            instructions: [instruction],
          }).compileToV0Message(),
        ).serialize(),
    ],
  ])('lists a %s message’s keys as web3.js compiles them', (_version, wire) => {
    const bytes = Uint8Array.from(wire());
    const message = VersionedTransaction.deserialize(bytes).message;
    expect(readMessageAccounts(bytes)).toEqual(
      message.staticAccountKeys.map((key, i) => ({
        address: key.toBase58(),
        writable: message.isAccountWritable(i),
      })),
    );
    expect(
      readMessageAccounts(bytes)
        .filter((a) => a.writable)
        .map((a) => a.address),
    ).toEqual([payer.publicKey.toBase58(), credited.toBase58()]);
  });
});
