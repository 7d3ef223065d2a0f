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
import { PRESALE_DELIVERY_OFFSETS } from './delivery-layout';
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

  it('reads the delivery terms, the completion and what is owed and escrowed', async () => {
    const bytes = presaleBytes();
    const view = new DataView(bytes.buffer);
    const o = PRESALE_DELIVERY_OFFSETS;
    bytes[o.deliveryMode] = 1;
    bytes[o.status] = 2;
    view.setUint16(o.unlockedAtCompletionBps, 2_500, true);
    view.setUint32(o.cliffSeconds, 2_592_000, true);
    view.setUint32(o.vestingSeconds, 15_552_000, true);
    view.setBigUint64(o.minimumRaise, 50_000_000_000n, true);
    view.setBigInt64(o.completedAt, 1_767_225_600n, true);
    view.setBigUint64(o.tokensOwed, 7n, true);
    view.setBigUint64(o.tokensDelivered, 3n, true);
    view.setBigUint64(o.escrowLamports, 60_000_000_000n, true);
    const observation = await readVerifyObservation(
      source({ [PRESALE]: { owner: PROGRAM, executable: false, data: bytes } }, () =>
        Promise.resolve(null),
      ),
      target,
    );
    const state = observation.presales[0]?.state;
    expect(typeof state === 'object' && state !== null ? state.delivery : null).toEqual({
      mode: 'at-completion',
      status: 'succeeded',
      minimumRaise: 50_000_000_000n,
      vesting: {
        unlockedAtCompletionBps: 2_500,
        cliffSeconds: 2_592_000,
        vestingSeconds: 15_552_000,
      },
      completedAt: 1_767_225_600,
      tokensOwed: 7n,
      tokensDelivered: 3n,
      buyersDelivered: 0n,
      buyersRefunded: 0n,
      escrowLamports: 60_000_000_000n,
    });
    const fresh = await readVerifyObservation(
      source({ [PRESALE]: { owner: PROGRAM, executable: false, data: presaleBytes() } }, () =>
        Promise.resolve(null),
      ),
      target,
    );
    const instant = fresh.presales[0]?.state;
    expect(typeof instant === 'object' && instant !== null ? instant.delivery : null).toMatchObject(
      {
        mode: 'instant',
        status: 'open',
        completedAt: null,
        tokensOwed: 0n,
      },
    );
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
