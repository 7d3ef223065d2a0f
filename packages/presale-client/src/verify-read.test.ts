import {
  encodePresaleState,
  INITIAL_PRESALE_STATE,
  TOKEN_PROGRAM_ADDRESS,
  UPGRADEABLE_LOADER_ADDRESS,
  type ObservedAccount,
} from '@fbt/domain';
import { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { buildAllowlistTree } from './allowlist';
import { ACCOUNT_KIND, PRESALE_ACCOUNT_SIZE, PRESALE_EXTRA_OFFSETS } from './layout';
import { readVerifyObservation, type VerifyChainSource } from './verify-read';

const address = () => Keypair.generate().publicKey.toBase58();
const MINT = address();
const PROGRAM = address();
const PROGRAM_DATA = address();
const PRESALE = address();
const VAULT = address();
const SELLER = address();

function presaleBytes(): Uint8Array {
  const bytes = new Uint8Array(PRESALE_ACCOUNT_SIZE);
  bytes.set(
    encodePresaleState({
      ...INITIAL_PRESALE_STATE,
      isInitialized: true,
      sellerPubkey: SELLER,
      tempTokenAccountPubkey: VAULT,
    }),
  );
  bytes[PRESALE_EXTRA_OFFSETS.kind] = ACCOUNT_KIND.presale;
  bytes.set(new PublicKey(MINT).toBytes(), PRESALE_EXTRA_OFFSETS.mint);
  return bytes;
}

/** A chain held in a map, recording each round of reads. */
function source(
  accounts: Record<string, ObservedAccount>,
  published: () => Promise<readonly string[] | null>,
): VerifyChainSource & { rounds: string[][] } {
  const rounds: string[][] = [];
  return {
    rounds,
    getAccounts(addresses) {
      rounds.push([...addresses]);
      return Promise.resolve(addresses.map((key) => accounts[key] ?? null));
    },
    publishedAllowlist: published,
  };
}

const target = {
  mint: MINT,
  programId: PROGRAM,
  presales: [{ variant: 'private' as const, address: PRESALE }],
};
const program: ObservedAccount = {
  owner: UPGRADEABLE_LOADER_ADDRESS,
  executable: true,
  data: Uint8Array.from([2, 0, 0, 0, ...new PublicKey(PROGRAM_DATA).toBytes()]),
};

describe('readVerifyObservation', () => {
  it('reads in two rounds: mint, program, presales; then programdata, vaults and sellers', async () => {
    const chain = source(
      {
        [PROGRAM]: program,
        [PRESALE]: { owner: PROGRAM, executable: false, data: presaleBytes() },
      },
      () => Promise.resolve(null),
    );
    const observation = await readVerifyObservation(chain, target);
    expect(chain.rounds).toEqual([
      [MINT, PROGRAM, PRESALE],
      [PROGRAM_DATA, VAULT, SELLER],
    ]);
    expect(observation.program.programDataAddress).toBe(PROGRAM_DATA);
    expect(observation.program.programData).toBeNull();
    expect(observation.program.elfSha256).toBeNull();
    expect(observation.mint.decoded).toBeNull();
    const [presale] = observation.presales;
    expect(presale?.state).toMatchObject({ seller: SELLER, vault: VAULT, mint: MINT });
    expect(presale?.allowlist).toEqual({ kind: 'none' });
  });

  it('rebuilds the published list into its root, and says why a list cannot be read', async () => {
    const wallets = [address(), address()];
    const accounts = {
      [PRESALE]: { owner: PROGRAM, executable: false, data: presaleBytes() },
    };
    const listed = await readVerifyObservation(
      source(accounts, () => Promise.resolve(wallets)),
      target,
    );
    expect(listed.presales[0]?.allowlist).toEqual({
      kind: 'list',
      root: buildAllowlistTree(
        new PublicKey(PRESALE),
        wallets.map((w) => new PublicKey(w)),
      ).rootHex,
      wallets: 2,
    });
    const failing = await readVerifyObservation(
      source(accounts, () => Promise.reject(new Error('HTTP 503'))),
      target,
    );
    expect(failing.presales[0]?.allowlist).toEqual({ kind: 'unreadable', reason: 'HTTP 503' });
    const empty = await readVerifyObservation(
      source(accounts, () => Promise.resolve([])),
      target,
    );
    expect(empty.presales[0]?.allowlist.kind).toBe('unreadable');
  });

  it('tells a presale of another owner, of other bytes, and a missing one apart', async () => {
    const read = async (account: ObservedAccount | undefined) =>
      (
        await readVerifyObservation(
          source(account === undefined ? {} : { [PRESALE]: account }, () => Promise.resolve(null)),
          target,
        )
      ).presales[0]?.state;
    expect(await read(undefined)).toBeNull();
    expect(
      await read({ owner: TOKEN_PROGRAM_ADDRESS, executable: false, data: presaleBytes() }),
    ).toBe('foreign');
    expect(await read({ owner: PROGRAM, executable: false, data: new Uint8Array(10) })).toBe(
      'invalid',
    );
  });
});
