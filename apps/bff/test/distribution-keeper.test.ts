import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  listBuyerRecords,
  listBuyerTables,
  readChainTime,
  readDistributionPresale,
} from '@fbt/distribution';
import {
  SOL,
  startDistributionChain,
  type DistributionChain,
  type TestPresale,
} from '@fbt/distribution/testing';
import {
  distributionResponseSchema,
  streamServerMessageSchema,
  type Deployment,
  type DistributionResponse,
} from '@fbt/domain';
import {
  buildFinalizeInstruction,
  buildRefundInstruction,
  findAuthorityAddress,
} from '@fbt/presale-client';
import { getAccount, getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import type { Keypair, PublicKey } from '@solana/web3.js';
import { SystemProgram } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createBff } from '../src/create-bff';

/**
 * 200 buyers of 0.1 SOL each: 2,000 FBT each. The keeper appends them to the sale's lookup
 * tables as it sees them buy, so 8 Distribute transactions of up to 28 serve them (15 of up to
 * 14 without the tables).
 */
const BUYERS = 200;
const EACH = SOL / 10n;
const TOKENS_EACH = 2_000_000_000n;
/** Buyers of the sale that misses its minimum raise, 0.1 SOL each: the keeper refunds them. */
const REFUNDED = 30;

let chain: DistributionChain;
let dir: string;
let deployment: Deployment;
let sales: Record<'public' | 'private' | 'leader', TestPresale>;
let buyers: Keypair[];
let refunded: Keypair[];
const owed = new Map<string, bigint>();
const lamportsOf = async (address: PublicKey) =>
  BigInt(await chain.connection.getBalance(address, 'confirmed'));
let keeperKey: Keypair;
let keeperFile: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  chain = await startDistributionChain();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-keeper-'));
  const publicSale = await chain.createPresale({
    limits: { minUserBuyable: SOL / 10n, maxUserBuyable: EACH, maxTotalBuyable: 20n * SOL },
  });
  buyers = await chain.fundedKeypairs(BUYERS, EACH + SOL / 10n);
  // All but the last buyer now: the sale is open when the BFF starts.
  await chain.buyAll(publicSale, buyers.slice(0, -1), EACH);
  // A sale with a minimum raise it will miss: 30 buys of 0.1 SOL, then its window ends.
  const privateSale = await chain.createPresale({
    limits: { minUserBuyable: SOL / 10n, maxUserBuyable: SOL, maxTotalBuyable: 10n * SOL },
    terms: { mode: 'at-completion', minimumRaise: 5n * SOL },
    saleEnd: (await readChainTime(chain.connection)) + 8n,
  });
  refunded = await chain.fundedKeypairs(REFUNDED, SOL);
  await chain.buyAll(privateSale, refunded, SOL / 10n);
  sales = {
    public: publicSale,
    private: privateSale,
    leader: await chain.createPresale({
      limits: { minUserBuyable: SOL / 10n, maxUserBuyable: SOL, maxTotalBuyable: 2n * SOL },
      terms: { mode: 'instant' },
    }),
  };
  const fixed = Object.values(sales).flatMap((sale) => [
    sale.presale,
    sale.vault,
    findAuthorityAddress(chain.programId, sale.presale)[0],
  ]);
  const table = await chain.createLookupTable([
    ...fixed,
    chain.mint,
    TOKEN_PROGRAM_ID,
    SystemProgram.programId,
  ]);
  deployment = {
    cluster: 'localnet',
    rpcUrl: chain.localnet.rpcUrl,
    wsUrl: chain.localnet.wsUrl,
    programId: chain.programId.toBase58(),
    mint: chain.mint.toBase58(),
    privateRouteName: 'private',
    presales: {
      public: { address: sales.public.presale.toBase58() },
      private: { address: sales.private.presale.toBase58() },
      leader: { address: sales.leader.presale.toBase58() },
    },
    lookupTable: table.key.toBase58(),
  };
  keeperFile = path.join(dir, 'keeper.json');
  // What each buyer of the failing sale is owed back: what it paid and its record's rent.
  for (const entry of await listBuyerRecords(
    chain.connection,
    chain.programId,
    privateSale.presale,
  )) {
    owed.set(
      entry.buyer.toBase58(),
      (await lamportsOf(entry.buyer)) + SOL / 10n + (await lamportsOf(entry.record)),
    );
  }
  keeperKey = (await chain.fundedKeypairs(1, SOL))[0]!;
  fs.writeFileSync(keeperFile, JSON.stringify(Array.from(keeperKey.secretKey)));
}, 300_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await chain?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A BFF with the production wiring on the test chain, its keeper paying with `keypair`. */
async function startBff(
  keypair: string | undefined,
  serving: Deployment = deployment,
): Promise<FastifyInstance> {
  const app = await createBff(
    serving,
    loadConfig({
      DATABASE_PATH: ':memory:',
      PYTH_HERMES_URL: '',
      KEEPER_INTERVAL_MS: '1000',
      ...(keypair === undefined ? {} : { KEEPER_KEYPAIR: keypair }),
    }),
    { logger: false },
  );
  apps.push(app);
  await app.ready();
  return app;
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const statusOf = (app: FastifyInstance, variant: 'public' | 'private' | 'leader') =>
  app.distribution.resources[variant].current()?.value ?? null;

/** Until the keeper has looked at every presale once. */
const allRead = (app: FastifyInstance) => () =>
  (['public', 'private', 'leader'] as const).every((variant) => statusOf(app, variant) !== null);

async function fbtOf(owner: Keypair): Promise<bigint> {
  const account = getAssociatedTokenAddressSync(chain.mint, owner.publicKey);
  return (await getAccount(chain.connection, account, 'confirmed')).amount;
}

describe('the keeper on the real local chain', () => {
  it('finalizes a sale that sells out and distributes to every buyer, resuming after a restart', async () => {
    const first = await startBff(keeperFile);
    const address = await first.listen({ host: '127.0.0.1', port: 0 });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/api/v1/stream`);
    const messages: DistributionResponse[] = [];
    socket.on('message', (raw: Buffer) => {
      const message = streamServerMessageSchema.parse(JSON.parse(raw.toString()));
      if (message.type === 'distribution' && message.topic === 'distribution:public') {
        messages.push(message.data);
      }
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', topics: ['distribution:public'] }));
    await waitFor(() => messages.length > 0, 'the first public message');
    await waitFor(allRead(first), 'a first look at every presale');
    expect(messages[0]).toMatchObject({ phase: 'selling', status: 'open', buyers: BUYERS - 1 });
    expect(statusOf(first, 'leader')?.phase).toBe('instant');

    // Stopped in the middle, as a shutdown or a lost lease stops it: once a first batch is
    // confirmed no new one starts (those already in flight may still land).
    first.distribution.keeper?.onProgress((status) => {
      if (status.buyersServed > 0n) first.backgroundLoops.stop();
    });
    // The last buy sells it out: its push makes the keeper finalize and distribute at once.
    await chain.buy(sales.public, buyers.at(-1)!, EACH);
    await waitFor(
      () => (statusOf(first, 'public')?.buyersServed ?? 0n) > 0n,
      'a first confirmed batch',
    );
    await first.close();
    socket.close();
    const stopped = await readDistributionPresale(
      chain.connection,
      chain.programId,
      sales.public.presale,
    );
    expect(stopped.status).toBe('succeeded');
    expect(stopped.buyersDelivered).toBeGreaterThan(0n);
    expect(stopped.buyersDelivered).toBeLessThan(BigInt(BUYERS));
    const phases = messages.map((message) => message.phase);
    expect(phases).toContain('distributing');
    const served = messages.filter((m) => m.phase === 'distributing').map((m) => m.buyersServed);
    expect(served).toEqual([...served].sort((a, b) => a - b));
    // The buyers went into the sale's lookup tables as the keeper saw them buy (the last one,
    // alone after them, is not worth an extension: it goes out written in full): the first
    // Distribute confirmed served 28 of them at once.
    const tables = await listBuyerTables(
      chain.connection,
      keeperKey.publicKey,
      sales.public.presale,
    );
    expect(tables.reduce((sum, table) => sum + (table.addresses.length - 1) / 2, 0)).toBe(
      BUYERS - 1,
    );
    expect(served.find((count) => count > 0)).toBe(28);
    for (const message of messages)
      expect(distributionResponseSchema.parse(message)).toEqual(message);

    // A new instance reads the chain and finishes: nobody twice, nobody forgotten.
    const second = await startBff(keeperFile);
    await waitFor(() => statusOf(second, 'public')?.phase === 'done', 'the distribution to end');
    for (const buyer of buyers) expect(await fbtOf(buyer)).toBe(TOKENS_EACH);
    const done = await readDistributionPresale(
      chain.connection,
      chain.programId,
      sales.public.presale,
    );
    expect(done).toMatchObject({ buyersDelivered: BigInt(BUYERS), tokensOwed: 0n });
    expect(done.tokensDelivered).toBe(BigInt(BUYERS) * TOKENS_EACH);

    const route = await second.inject('/api/v1/presales/public/distribution');
    expect(route.json()).toMatchObject({
      phase: 'done',
      buyers: BUYERS,
      buyersServed: BUYERS,
      buyersDelivered: BUYERS,
      keeperActive: true,
    });

    // The sale below its minimum raise is finalized as failed once its window ends, and the
    // keeper refunds every buyer: each record closed, each buyer's lamports back exactly.
    await waitFor(
      () =>
        statusOf(second, 'private')?.phase === 'failed' &&
        statusOf(second, 'private')?.buyers === 0n,
      'the failed sale refunded',
      30_000,
    );
    const failed = await readDistributionPresale(
      chain.connection,
      chain.programId,
      sales.private.presale,
    );
    expect(failed).toMatchObject({
      status: 'failed',
      tokensOwed: 0n,
      tokensDelivered: 0n,
      buyersRefunded: BigInt(REFUNDED),
      escrowLamports: 0n,
    });
    expect(
      await listBuyerRecords(chain.connection, chain.programId, sales.private.presale),
    ).toEqual([]);
    for (const buyer of refunded) {
      expect(await lamportsOf(buyer.publicKey)).toBe(owed.get(buyer.publicKey.toBase58()));
    }
    expect((await second.inject('/api/v1/presales/private/distribution')).json()).toMatchObject({
      phase: 'failed',
      buyers: 0,
      buyersRefunded: REFUNDED,
      minimumRaiseLamports: (5n * SOL).toString(),
      escrowLamports: '0',
      refundedLamports: ((BigInt(REFUNDED) * SOL) / 10n).toString(),
    });

    const ready = (await second.inject('/readyz')).json<Record<string, unknown>>();
    expect(ready).toMatchObject({
      status: 'ready',
      warnings: [],
      keeper: {
        problem: null,
        underfunded: false,
        presales: {
          public: { phase: 'done', buyersServed: BUYERS, buyers: BUYERS, lastError: null },
          private: { phase: 'failed' },
          leader: { phase: 'instant' },
        },
      },
    });
    const metrics = await second.metrics.render();
    expect(metrics).toMatch(/fbt_keeper_fee_payer_usable\{[^}]*\} 1/);
    expect(metrics).toMatch(/fbt_distribution_phase\{[^}]*variant="public",phase="done"[^}]*\} 1/);
    expect(metrics).toMatch(
      /fbt_keeper_transactions_total\{[^}]*kind="finalize",outcome="confirmed"/,
    );
    expect(metrics).toMatch(
      /fbt_keeper_transactions_total\{[^}]*kind="refund",outcome="confirmed"/,
    );

    // Needed no more, the tables are deactivated, then closed once cooled down (513 slots).
    const tablesLeft = async () =>
      (await listBuyerTables(chain.connection, keeperKey.publicKey)).length;
    let left = await tablesLeft();
    const deadline = Date.now() + 120_000;
    while (left > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      left = await tablesLeft();
    }
    expect(left).toBe(0);
    expect(await second.metrics.render()).toMatch(/fbt_keeper_table_rent_lamports\{[^}]*\} 0/);
  }, 300_000);

  it('without a usable key warns in /readyz and the metrics, and sends nothing', async () => {
    const missing = path.join(dir, 'not-yet.json');
    const app = await startBff(missing);
    await waitFor(allRead(app), 'a first look at every presale');
    const ready = (await app.inject('/readyz')).json<Record<string, unknown>>();
    expect(ready.status).toBe('ready');
    expect(ready.warnings).toEqual([
      `keeper: KEEPER_KEYPAIR ${missing} cannot be read (ENOENT); the public, private presale(s) deliver at completion and are not finalized or distributed by this deployment (fbt-operator finalize / distribute by hand)`,
    ]);
    expect(ready.keeper).toMatchObject({ feePayer: null, underfunded: false });
    expect(await app.metrics.render()).toMatch(/fbt_keeper_fee_payer_usable\{[^}]*\} 0/);

    // The key mounted later, with too little SOL: taken at the next look, and reported.
    const poor = (await chain.fundedKeypairs(1, SOL / 100n))[0]!;
    fs.writeFileSync(missing, JSON.stringify(Array.from(poor.secretKey)));
    await waitFor(() => app.distribution.keeper?.feePayer().underfunded === true, 'the balance');
    const later = (await app.inject('/readyz')).json<Record<string, unknown>>();
    expect(later.warnings).toEqual([
      `keeper: fee payer ${poor.publicKey.toBase58()} holds 0.01 SOL, below KEEPER_MIN_BALANCE_SOL (0.05 SOL): fund it`,
    ]);
    expect(await app.metrics.render()).toMatch(/fbt_keeper_underfunded\{[^}]*\} 1/);

    // The seller's own key is never used.
    const sellerFile = path.join(dir, 'seller.json');
    fs.writeFileSync(sellerFile, JSON.stringify(Array.from(chain.seller.secretKey)));
    const asSeller = await startBff(sellerFile);
    await waitFor(allRead(asSeller), 'a first look at every presale');
    expect(asSeller.distribution.keeper?.feePayer().problem).toContain(
      "is the seller of the public presale: the keeper never signs with the seller's key",
    );
    expect(statusOf(asSeller, 'public')?.keeperActive).toBe(false);
  }, 120_000);

  it("keeps a failed sale's report fresh: a buyer's own Refund shows at the next look", async () => {
    const sale = await chain.createPresale({
      limits: { minUserBuyable: SOL / 10n, maxUserBuyable: SOL, maxTotalBuyable: 10n * SOL },
      terms: { mode: 'at-completion', minimumRaise: 5n * SOL },
      saleEnd: (await readChainTime(chain.connection)) + 600n,
    });
    const [first, second] = (await chain.fundedKeypairs(2, SOL)) as [Keypair, Keypair];
    await chain.buyAll(sale, [first, second], SOL / 10n);
    chain.localnet.chain.advanceClock(700);
    await chain.send(
      [buildFinalizeInstruction({ programId: chain.programId, presale: sale.presale })],
      [first],
    );
    // No keeper key: nobody refunds them but themselves.
    const app = await startBff(path.join(dir, 'absent.json'), {
      ...deployment,
      presales: { ...deployment.presales, private: { address: sale.presale.toBase58() } },
    });
    await waitFor(() => statusOf(app, 'private')?.phase === 'failed', 'the failed sale');
    expect(statusOf(app, 'private')).toMatchObject({ buyers: 2n, buyersRefunded: 0n });
    await chain.send(
      [
        buildRefundInstruction({
          programId: chain.programId,
          presale: sale.presale,
          buyer: first.publicKey,
        }),
      ],
      [first],
    );
    await waitFor(
      () => statusOf(app, 'private')?.buyersRefunded === 1n,
      "the buyer's own Refund in the report",
      15_000,
    );
    expect((await app.inject('/api/v1/presales/private/distribution')).json()).toMatchObject({
      phase: 'failed',
      buyers: 1,
      buyersRefunded: 1,
      refundedLamports: (SOL / 10n).toString(),
    });
  }, 120_000);
});
