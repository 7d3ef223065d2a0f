import {
  BUY_SIMULATION_COMPUTE_UNITS,
  buildBuyInstructions,
  buyComputeUnitLimit,
} from '@fbt/presale-client';
import {
  choosePriorityFee,
  compileTransaction,
  DEFAULT_MAX_PRIORITY_FEE,
  describeTransactionFailure,
  preparePurchase,
  type PurchaseConnection,
} from '@fbt/purchase';
import {
  ComputeBudgetProgram,
  PublicKey,
  type Connection,
  type VersionedTransaction,
} from '@solana/web3.js';
import type { PresaleState } from '@fbt/domain';

/** The chain reads a Blink buy needs: the purchase flow's, plus the genesis hash (chain id). */
export type ActionConnection = PurchaseConnection & Pick<Connection, 'getGenesisHash'>;

/** One Blink buy, already validated against the presale's rules and the buyer's allowance. */
export interface BlinkBuy {
  readonly programId: PublicKey;
  readonly presale: PublicKey;
  readonly mint: PublicKey;
  /** The mint's token program (SPL Token or Token-2022), when known; read from the mint otherwise. */
  readonly tokenProgram?: PublicKey;
  /** The presale as just read (seller and vault keys). */
  readonly state: PresaleState;
  /** The POST's `account`: fee payer and only signer. */
  readonly buyer: PublicKey;
  readonly lamports: bigint;
  /** Leader presale: the code's record, which the program pays 10% of the amount. */
  readonly leaderRecord?: PublicKey;
  /** The deployment's address lookup table: a version-0 transaction when the chain has it. */
  readonly lookupTable?: PublicKey;
  /**
   * The latest sale end the buy accepts (unix seconds): the end of the presale as the route
   * read and described it (`latestEndFor`), so a seller who moves the end later before the
   * wallet sends it has the buy refused (`SaleEndMoved`). Absent: unbounded (instant).
   */
  readonly latestEnd?: bigint;
}

/** The unsigned transaction, or why the chain would refuse it (the site's failure text). */
export type BlinkTransaction =
  | { readonly ok: true; readonly transaction: VersionedTransaction; readonly computeUnits: number }
  | { readonly ok: false; readonly message: string };

/**
 * The site's buy transaction for a Blink, built the way the purchase flow builds it: the same
 * chain reads (`preparePurchase`: blockhash, the mint's token program and the buyer's FBT account
 * of it, recent priority fees on the
 * presale, the deployment's lookup table), a version-0 message loading the presale's accounts
 * from that table when the chain has it (legacy otherwise), the same instructions (`buildBuyInstructions`: the buyer's associated token account
 * created idempotently when missing, BuyWith with the leader record and, at completion, the
 * presale's end as the latest it accepts), the same
 * priority fee rule, and a compute limit sized from a simulation with `buyComputeUnitLimit`.
 * The simulation also refuses what the chain would refuse (not enough SOL, a rule that changed
 * since the checks), with the text the site shows, so no failing transaction is handed out.
 */
export async function buildBlinkBuyTransaction(
  connection: ActionConnection,
  buy: BlinkBuy,
): Promise<BlinkTransaction> {
  const chain = await preparePurchase(connection, {
    buyer: buy.buyer,
    presale: buy.presale,
    mint: buy.mint,
    ...(buy.tokenProgram === undefined ? {} : { tokenProgram: buy.tokenProgram }),
    ...(buy.lookupTable === undefined ? {} : { lookupTable: buy.lookupTable }),
  });
  const instructions = buildBuyInstructions({
    programId: buy.programId,
    presale: buy.presale,
    buyer: buy.buyer,
    seller: new PublicKey(buy.state.sellerPubkey),
    tempTokenAccount: new PublicKey(buy.state.tempTokenAccountPubkey),
    mint: buy.mint,
    lamports: buy.lamports,
    tokenProgram: new PublicKey(chain.tokenProgram),
    createBuyerTokenAccount: !chain.tokenAccountExists,
    ...(buy.leaderRecord === undefined ? {} : { leaderRecord: buy.leaderRecord }),
    ...(buy.latestEnd === undefined ? {} : { latestEnd: buy.latestEnd }),
  });
  const priorityFee = choosePriorityFee(chain.recentFees, DEFAULT_MAX_PRIORITY_FEE);
  const build = (units: number) =>
    compileTransaction(
      buy.buyer,
      chain.blockhash,
      [
        ComputeBudgetProgram.setComputeUnitLimit({ units }),
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: priorityFee }),
        ...instructions,
      ],
      chain.lookupTable === null ? [] : [chain.lookupTable],
    );
  const simulation = await connection.simulateTransaction(build(BUY_SIMULATION_COMPUTE_UNITS), {
    sigVerify: false,
    commitment: 'confirmed',
  });
  if (simulation.value.err !== null) {
    return {
      ok: false,
      message: describeTransactionFailure(simulation.value.err, simulation.value.logs ?? []),
    };
  }
  const computeUnits = buyComputeUnitLimit(simulation.value.unitsConsumed);
  return { ok: true, transaction: build(computeUnits), computeUnits };
}
