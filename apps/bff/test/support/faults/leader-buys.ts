/**
 * Many genuine leader buys on the local chain, fast: every buyer's transactions are signed up
 * front and sent without preflight in waves (one transaction per buyer per wave, so a buyer's
 * record is never raced), then confirmed together with batched getSignatureStatuses. Each
 * confirmed signature is handed to `onConfirmed` as soon as its wave lands.
 */
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction } from '@solana/web3.js';
import { retryOnConnectionReset } from '@fbt/adapters';
import { decodePresaleState, encodeBase58 } from '@fbt/domain';
import { buildBuyInstructions, findLeaderRecordAddress } from '@fbt/presale-client';
import type { SeededChain } from '../chain-fixture';

/** One confirmed leader buy as the chain holds it. */
export interface ChainBuy {
  readonly signature: string;
  readonly wallet: string;
  readonly leaderCode: string;
  readonly lamports: bigint;
}

/** The smallest buy the seeded leader presale takes (0.1 SOL). */
const MIN_BUY = 100_000_000n;

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A connection to the local chain whose requests are sent again when a kept-alive socket was
 * closed by the server just as it was reused (a race a CPU-starved test process loses now and
 * then). Every call made through it is safe to repeat: reads, airdrops, and sends without
 * preflight, which the chain answers with the same signature when the transaction already
 * landed.
 */
export function chainConnection(chain: SeededChain): Connection {
  return new Connection(chain.localnet.rpcUrl, {
    commitment: 'confirmed',
    fetch: retryOnConnectionReset(globalThis.fetch, 4),
  });
}

/** Waits until every signature is confirmed; throws naming a failed one or the stragglers. */
export async function confirmAll(
  connection: Connection,
  signatures: readonly string[],
  timeoutMs = 60_000,
): Promise<void> {
  const pending = new Set(signatures);
  const deadline = Date.now() + timeoutMs;
  while (pending.size > 0) {
    const batch = [...pending].slice(0, 256);
    const { value } = await connection.getSignatureStatuses(batch);
    value.forEach((status, index) => {
      const signature = batch[index] ?? '';
      if (status === null) return;
      if (status.err !== null) {
        throw new Error(`transaction ${signature} failed: ${JSON.stringify(status.err)}`);
      }
      if (status.confirmationStatus !== 'processed') pending.delete(signature);
    });
    if (pending.size === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`${pending.size} transactions not confirmed, e.g. ${[...pending][0]}`);
    }
    await sleep(50);
  }
}

/** `count` new keypairs holding `sol` SOL each (airdrops sent together, confirmed together). */
export async function fundBuyers(
  chain: SeededChain,
  count: number,
  sol: number,
): Promise<Keypair[]> {
  const buyers = Array.from({ length: count }, () => Keypair.generate());
  const signatures = await Promise.all(
    buyers.map((buyer) => chain.connection.requestAirdrop(buyer.publicKey, sol * LAMPORTS_PER_SOL)),
  );
  await confirmAll(chain.connection, signatures);
  return buyers;
}

/** What {@link makeLeaderBuys} needs to know. */
export interface LeaderBuysPlan {
  readonly buyers: readonly Keypair[];
  /** Leader codes, used round-robin over the buys. */
  readonly codes: readonly string[];
  /** Buys per buyer (at 0.1 SOL and a little more, each buyer stays under its 10 SOL cap). */
  readonly perBuyer: number;
  /** Called with each wave's buys once they are confirmed. */
  readonly onConfirmed?: (buys: readonly ChainBuy[]) => void;
}

/**
 * Makes `buyers.length × perBuyer` leader buys through the real program (each a BuyWith naming
 * its code's leader record, which the program pays 10%), every amount distinct, and returns
 * them in confirmation order.
 */
export async function makeLeaderBuys(
  chain: SeededChain,
  plan: LeaderBuysPlan,
): Promise<ChainBuy[]> {
  const { deployment } = chain;
  const connection = chainConnection(chain);
  const programId = new PublicKey(deployment.programId);
  const presale = new PublicKey(deployment.presales.leader.address);
  const mint = new PublicKey(deployment.mint);
  const account = await connection.getAccountInfo(presale);
  if (account === null) throw new Error('the leader presale account is missing');
  const state = decodePresaleState(account.data);
  const seller = new PublicKey(state.sellerPubkey);
  const tempTokenAccount = new PublicKey(state.tempTokenAccountPubkey);
  const recordOf = (code: string) => findLeaderRecordAddress(programId, presale, code)[0];

  const made: ChainBuy[] = [];
  for (let wave = 0; wave < plan.perBuyer; wave++) {
    const { blockhash } = await connection.getLatestBlockhash();
    const buys: ChainBuy[] = [];
    const wires: Buffer[] = [];
    plan.buyers.forEach((buyer, index) => {
      const n = wave * plan.buyers.length + index;
      const leaderCode = plan.codes[n % plan.codes.length] ?? '';
      // Distinct amounts: no two transactions are alike even within one blockhash.
      const lamports = MIN_BUY + BigInt(n) * 1_000n;
      const tx = new Transaction().add(
        ...buildBuyInstructions({
          programId,
          presale,
          buyer: buyer.publicKey,
          seller,
          tempTokenAccount,
          mint,
          lamports,
          createBuyerTokenAccount: wave === 0,
          leaderRecord: recordOf(leaderCode),
        }),
      );
      tx.feePayer = buyer.publicKey;
      tx.recentBlockhash = blockhash;
      tx.sign(buyer);
      wires.push(tx.serialize());
      buys.push({
        signature: signatureOf(tx),
        wallet: buyer.publicKey.toBase58(),
        leaderCode,
        lamports,
      });
    });
    await Promise.all(
      wires.map((wire) => connection.sendRawTransaction(wire, { skipPreflight: true })),
    );
    await confirmAll(
      connection,
      buys.map((buy) => buy.signature),
    );
    made.push(...buys);
    plan.onConfirmed?.(buys);
  }
  return made;
}

/** The transaction's first signature in base58 (its id on chain). */
function signatureOf(tx: Transaction): string {
  const first = tx.signatures[0]?.signature;
  if (first === null || first === undefined) throw new Error('transaction is not signed');
  return encodeBase58(first);
}
