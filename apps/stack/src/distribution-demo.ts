import { listBuyerTables } from '@fbt/distribution';
import { formatSol, LAMPORTS_PER_SOL, type DistributionResponse } from '@fbt/domain';
import { SEED_PRESALES } from '@fbt/operator';
import {
  buildBuyInstructions,
  decodePresaleAccount,
  fetchMintTokenProgram,
} from '@fbt/presale-client';
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
  type Connection,
  type TransactionInstruction,
} from '@solana/web3.js';
import { startStack, type Stack } from './stack';

/** Options of {@link runDistributionDemo}. */
export interface DistributionDemoOptions {
  /** Throwaway buyers that buy the public presale out, in equal parts (10 to 1,000). */
  readonly buyers: number;
  /** Progress lines. */
  readonly log: (line: string) => void;
  /** Milliseconds per slot of the demo's chain (default the local chain's 400). */
  readonly slotMs?: number;
}

/** What the demo saw: the stack (still running) and the keeper's figures. */
export interface DistributionDemoResult {
  readonly stack: Stack;
  readonly buyers: readonly Keypair[];
  /** The last `distribution:public` message. */
  readonly final: DistributionResponse;
  readonly distributeTransactions: number;
  /** The keeper's transactions that created and extended the sale's buyer lookup tables. */
  readonly tableTransactions: number;
  /** Rent the keeper's buyer tables still hold (returned once they are closed). */
  readonly tableRentLamports: bigint;
  /** What the keeper's key spent: fees, and the rent its tables hold. */
  readonly feeLamports: bigint;
}

/** Buyers one funding transaction pays, and buys sent at once. */
const FUNDED_PER_TRANSACTION = 20;
const PARALLEL_BUYS = 16;
/** What buys the seeded public presale out (100 SOL). */
const SOLD_OUT = SEED_PRESALES.public.maxTotalBuyable;

function send(connection: Connection, instructions: TransactionInstruction[], signer: Keypair) {
  return sendAndConfirmTransaction(connection, new Transaction().add(...instructions), [signer], {
    commitment: 'confirmed',
  });
}

/** `count` new wallets holding `lamports` each, paid by `funder`. */
async function fundBuyers(
  connection: Connection,
  funder: Keypair,
  count: number,
  lamports: bigint,
): Promise<Keypair[]> {
  const buyers = Array.from({ length: count }, () => Keypair.generate());
  for (let i = 0; i < buyers.length; i += FUNDED_PER_TRANSACTION) {
    const chunk = buyers.slice(i, i + FUNDED_PER_TRANSACTION);
    await send(
      connection,
      chunk.map((buyer) =>
        SystemProgram.transfer({
          fromPubkey: funder.publicKey,
          toPubkey: buyer.publicKey,
          lamports,
        }),
      ),
      funder,
    );
  }
  return buyers;
}

/** How a distribution message reads on the terminal ("Distributing: N of M", "Done"). */
export function describeDistribution(message: DistributionResponse): string {
  const raised = `${formatSol(BigInt(message.raisedLamports))} SOL raised`;
  switch (message.phase) {
    case 'selling':
      return `selling: ${raised} by ${message.buyers} buyers`;
    case 'awaiting-finalize':
      return `sold out (${raised}): the keeper finalizes`;
    case 'distributing':
      return `Distributing: ${message.buyersServed} of ${message.buyers}`;
    case 'vesting':
      return `vesting: ${message.buyersServed} of ${message.buyers} hold what is unlocked so far`;
    case 'done':
      return `Done: ${message.buyersDelivered} of ${message.buyers} buyers hold every FBT they bought`;
    default:
      return `${message.phase}`;
  }
}

/** A counter of the BFF's metrics text (`fbt_keeper_transactions_total{...}`), summed. */
function metricSum(text: string, name: string, labels: string): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/** The stream messages of the public presale's distribution, logged as they change. */
function followDistribution(stack: Stack, log: (line: string) => void) {
  let last = '';
  let resolveDone: (message: DistributionResponse) => void = () => undefined;
  const done = new Promise<DistributionResponse>((resolve) => (resolveDone = resolve));
  const stop = stack.app.distribution.resources.public.subscribe((entry) => {
    const message = JSON.parse(entry.json) as DistributionResponse;
    const line = describeDistribution(message);
    if (line !== last && message.phase !== 'selling') log(line);
    last = line;
    if (message.phase === 'done') {
      stop();
      resolveDone(message);
    }
  });
  return { done, stop };
}

/**
 * The buyers buy the public presale out (100 SOL) in equal parts, the last one the remainder,
 * 16 at a time, logging each tenth.
 */
async function buyOut(stack: Stack, buyers: readonly Keypair[], log: (line: string) => void) {
  const total = SOLD_OUT;
  const each = total / BigInt(buyers.length);
  const amountOf = (index: number) =>
    index === buyers.length - 1 ? total - each * BigInt(buyers.length - 1) : each;
  const { connection, deployment } = stack;
  const address = new PublicKey(deployment.presales.public.address);
  const info = await connection.getAccountInfo(address, 'confirmed');
  if (info === null) throw new Error(`the public presale ${address.toBase58()} is missing`);
  const presale = decodePresaleAccount(new Uint8Array(info.data));
  const mint = new PublicKey(deployment.mint);
  // Each buyer's FBT account is its associated account of the mint's token program.
  const tokenProgram = await fetchMintTokenProgram(connection, mint);
  let bought = 0;
  for (let i = 0; i < buyers.length; i += PARALLEL_BUYS) {
    await Promise.all(
      buyers.slice(i, i + PARALLEL_BUYS).map((buyer, offset) =>
        send(
          connection,
          buildBuyInstructions({
            programId: new PublicKey(deployment.programId),
            presale: address,
            buyer: buyer.publicKey,
            seller: new PublicKey(presale.sellerPubkey),
            tempTokenAccount: new PublicKey(presale.tempTokenAccountPubkey),
            mint,
            tokenProgram,
            lamports: amountOf(i + offset),
            createBuyerTokenAccount: true,
          }),
          buyer,
        ),
      ),
    );
    const before = Math.floor((bought * 10) / buyers.length);
    bought = Math.min(buyers.length, i + PARALLEL_BUYS);
    if (Math.floor((bought * 10) / buyers.length) > before) {
      log(`bought: ${bought} of ${buyers.length} buyers`);
    }
  }
}

/**
 * Watches a whole sale complete and distribute on a throwaway local chain: starts the product
 * (`startStack`, its presales at completion, the BFF's keeper on), buys the public presale out
 * (100 SOL) with `buyers` throwaway wallets, and follows the `distribution:public` topic, the
 * message the site's presale page gets, until the keeper is done. Leaves the stack running
 * (the caller stops it).
 */
export async function runDistributionDemo(
  options: DistributionDemoOptions,
): Promise<DistributionDemoResult> {
  if (!Number.isInteger(options.buyers) || options.buyers < 10 || options.buyers > 1_000) {
    throw new RangeError(`buyers must be 10 to 1,000 (0.1 to 10 SOL each), got ${options.buyers}`);
  }
  const { log } = options;
  const stack = await startStack({
    delivery: 'at-completion',
    localChain: options.slotMs === undefined ? {} : { slotMs: options.slotMs },
    bff: { metricsPort: 'off', logger: false, env: { KEEPER_INTERVAL_MS: '2000' } },
  });
  try {
    const wallets = stack.wallets!;
    const each = SOLD_OUT / BigInt(options.buyers);
    log(`site ${stack.url}#/presale: the public presale, delivered at completion`);
    log(`keeper fee payer ${wallets.keeper.publicKey.toBase58()}`);
    log(
      `${options.buyers} throwaway buyers buy it out: ${formatSol(SOLD_OUT)} SOL, about ${formatSol(each)} SOL each`,
    );
    const buyers = await fundBuyers(
      stack.connection,
      wallets.operator,
      options.buyers,
      each + LAMPORTS_PER_SOL / 10n,
    );
    const balance = async () =>
      BigInt(await stack.connection.getBalance(wallets.keeper.publicKey, 'confirmed'));
    const before = await balance();
    const followed = followDistribution(stack, log);
    await buyOut(stack, buyers, log);
    const final = await followed.done;
    const metrics = await stack.app.metrics.render();
    return {
      stack,
      buyers,
      final,
      distributeTransactions: metricSum(
        metrics,
        'fbt_keeper_transactions_total',
        'kind="distribute",outcome="confirmed"',
      ),
      tableTransactions: metricSum(
        metrics,
        'fbt_keeper_transactions_total',
        'kind="table",outcome="confirmed"',
      ),
      tableRentLamports: (await listBuyerTables(stack.connection, wallets.keeper.publicKey)).reduce(
        (sum, table) => sum + table.lamports,
        0n,
      ),
      feeLamports: before - (await balance()),
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
