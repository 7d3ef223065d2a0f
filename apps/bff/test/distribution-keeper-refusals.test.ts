import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDistributionPresale } from '@fbt/distribution';
import {
  SOL,
  startDistributionChain,
  type DistributionChain,
  type TestPresale,
} from '@fbt/distribution/testing';
import type { Deployment } from '@fbt/domain';
import { buildClaimInstruction } from '@fbt/presale-client';
import {
  createCloseAccountInstruction,
  createDisableRequiredMemoTransfersInstruction,
  createEnableRequiredMemoTransfersInstruction,
  createReallocateInstruction,
  ExtensionType,
  getAccount,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { SystemProgram, type Keypair, type PublicKey } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createBff } from '../src/create-bff';

/** 28 buyers of 0.1 SOL each (2,000 FBT each) sell the sale out: one Distribute's worth. */
const BUYERS = 28;
const EACH = SOL / 10n;
const TOKENS_EACH = 2_000_000_000n;

let chain: DistributionChain;
let dir: string;
let sale: TestPresale;
let buyers: Keypair[];
let app: FastifyInstance | undefined;

const ata = (owner: PublicKey) =>
  getAssociatedTokenAddressSync(chain.mint, owner, true, TOKEN_2022_PROGRAM_ID);
const fbtOf = async (owner: Keypair) =>
  (await getAccount(chain.connection, ata(owner.publicKey), 'confirmed', TOKEN_2022_PROGRAM_ID))
    .amount;

beforeAll(async () => {
  chain = await startDistributionChain(TOKEN_2022_PROGRAM_ID);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-keeper-refusals-'));
  sale = await chain.createPresale({
    limits: { minUserBuyable: EACH, maxUserBuyable: EACH, maxTotalBuyable: BigInt(BUYERS) * EACH },
  });
  buyers = await chain.fundedKeypairs(BUYERS, EACH + SOL / 10n);
  await chain.buyAll(sale, buyers, EACH);
}, 300_000);

afterAll(async () => {
  await app?.close();
  await chain?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function waitFor(condition: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the keeper and buyer accounts that refuse a delivery (Token-2022 FBT)', () => {
  it('delivers to everyone else in the same round, leaving a memo-requiring account to its Claim', async () => {
    const memo = buyers[4]!;
    const closer = buyers[9]!;
    // One buyer's account requires incoming memos; another's was closed, then someone sent the
    // rent-exempt minimum of an empty account to its address.
    await chain.send(
      [
        createReallocateInstruction(
          ata(memo.publicKey),
          memo.publicKey,
          [ExtensionType.MemoTransfer],
          memo.publicKey,
          [],
          TOKEN_2022_PROGRAM_ID,
        ),
        createEnableRequiredMemoTransfersInstruction(
          ata(memo.publicKey),
          memo.publicKey,
          [],
          TOKEN_2022_PROGRAM_ID,
        ),
      ],
      [memo],
    );
    await chain.send(
      [
        createCloseAccountInstruction(
          ata(closer.publicKey),
          closer.publicKey,
          closer.publicKey,
          [],
          TOKEN_2022_PROGRAM_ID,
        ),
        SystemProgram.transfer({
          fromPubkey: closer.publicKey,
          toPubkey: ata(closer.publicKey),
          lamports: await chain.connection.getMinimumBalanceForRentExemption(0),
        }),
      ],
      [closer],
    );
    const instant = () =>
      chain.createPresale({
        limits: { minUserBuyable: EACH, maxUserBuyable: SOL, maxTotalBuyable: SOL },
        terms: { mode: 'instant' },
      });
    const deployment: Deployment = {
      cluster: 'localnet',
      rpcUrl: chain.localnet.rpcUrl,
      wsUrl: chain.localnet.wsUrl,
      programId: chain.programId.toBase58(),
      mint: chain.mint.toBase58(),
      privateRouteName: 'private',
      presales: {
        public: { address: sale.presale.toBase58() },
        private: { address: (await instant()).presale.toBase58() },
        leader: { address: (await instant()).presale.toBase58() },
      },
    };
    const keeperKey = (await chain.fundedKeypairs(1, SOL))[0]!;
    const keeperFile = path.join(dir, 'keeper.json');
    fs.writeFileSync(keeperFile, JSON.stringify(Array.from(keeperKey.secretKey)));
    app = await createBff(
      deployment,
      loadConfig({
        DATABASE_PATH: ':memory:',
        PYTH_HERMES_URL: '',
        KEEPER_INTERVAL_MS: '1000',
        KEEPER_KEYPAIR: keeperFile,
      }),
      { logger: false },
    );
    await app.ready();
    const status = () => app!.distribution.resources.public.current()?.value ?? null;

    // The sold-out sale is finalized and distributed in one round: the memo buyer counted
    // unreachable, the pre-funded account created, everyone else delivered.
    await waitFor(() => status()?.phase === 'done', 'the round to end');
    expect(status()).toMatchObject({
      buyers: BigInt(BUYERS),
      buyersServed: BigInt(BUYERS - 1),
      buyersUnreachable: 1n,
      buyersDelivered: BigInt(BUYERS - 1),
    });
    for (const buyer of buyers.filter((entry) => entry !== memo)) {
      expect(await fbtOf(buyer)).toBe(TOKENS_EACH);
    }
    expect(await fbtOf(memo)).toBe(0n);
    expect(app.distribution.keeper?.view('public').lastError).toBeNull();

    // The buyer lifts the requirement and claims; the keeper's next look counts it served.
    await chain.send(
      [
        createDisableRequiredMemoTransfersInstruction(
          ata(memo.publicKey),
          memo.publicKey,
          [],
          TOKEN_2022_PROGRAM_ID,
        ),
        buildClaimInstruction({
          programId: chain.programId,
          presale: sale.presale,
          tempTokenAccount: sale.vault,
          mint: chain.mint,
          tokenProgram: TOKEN_2022_PROGRAM_ID,
          buyer: memo.publicKey,
        }),
      ],
      [memo],
    );
    expect(await fbtOf(memo)).toBe(TOKENS_EACH);
    await waitFor(() => status()?.buyersUnreachable === 0n, 'the Claim in the report', 15_000);
    expect(status()).toMatchObject({ buyersServed: BigInt(BUYERS) });
    const done = await readDistributionPresale(chain.connection, chain.programId, sale.presale);
    expect(done).toMatchObject({ buyersDelivered: BigInt(BUYERS), tokensOwed: 0n });
  }, 300_000);
});
