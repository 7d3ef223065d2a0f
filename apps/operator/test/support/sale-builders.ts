import { TOKEN_PRICE_LAMPORTS, type Deployment, type PresaleVariant } from '@fbt/domain';
import {
  buildBuyInstructions,
  fetchPresaleAccount,
  type DeliveryTerms,
  type PresaleLimits,
} from '@fbt/presale-client';
import { Keypair, PublicKey, SystemProgram, type Connection } from '@solana/web3.js';
import { createPresale } from '../../src/presale-setup';
import { SEED_PRESALES } from '../../src/seed';
import { sendInstructions } from '../../src/send';

/** The chain a faulty sale is built on, and the seeded sale it is built next to. */
export interface FaultContext {
  readonly connection: Connection;
  /** The seeded operator: seller, payer, holder of the seeded mint's supply. */
  readonly operator: Keypair;
  readonly base: Deployment;
}

/** A presale's delivery terms and the window a sale at completion needs. */
export interface FaultDelivery {
  readonly terms: DeliveryTerms;
  readonly window: { readonly start: bigint; readonly end: bigint };
}

/**
 * A presale of the operator at the site's price, with the seeded limits of `variant` (or
 * `limits`), funded for its whole total (or `fundTokens`), instant unless `delivery` says.
 */
export async function presaleFor(
  { connection, operator }: FaultContext,
  programId: PublicKey,
  mint: PublicKey,
  variant: PresaleVariant,
  fundTokens?: bigint,
  delivery?: FaultDelivery,
  limits?: PresaleLimits,
): Promise<Deployment['presales']['public']> {
  const created = await createPresale({
    connection,
    programId,
    seller: operator,
    mint,
    tokenPrice: TOKEN_PRICE_LAMPORTS,
    limits: limits ?? SEED_PRESALES[variant],
    ...(fundTokens === undefined ? {} : { fundTokens }),
    ...(delivery ?? {}),
  });
  return { address: created.presale.toBase58() };
}

/** A fresh wallet, funded by the operator, buys `lamports` of the operator's presale. */
export async function buyFromFreshWallet(
  { connection, operator, base }: FaultContext,
  presaleAddress: string,
  lamports: bigint,
): Promise<void> {
  const programId = new PublicKey(base.programId);
  const mint = new PublicKey(base.mint);
  const presale = new PublicKey(presaleAddress);
  const state = await fetchPresaleAccount(connection, programId, presale);
  const mintAccount = await connection.getAccountInfo(mint, 'confirmed');
  if (state === null || mintAccount === null) throw new Error('no presale to buy from');
  const buyer = Keypair.generate();
  await sendInstructions(
    connection,
    'fund the buyer',
    [
      SystemProgram.transfer({
        fromPubkey: operator.publicKey,
        toPubkey: buyer.publicKey,
        lamports: lamports + 1_000_000_000n,
      }),
    ],
    [operator],
  );
  await sendInstructions(
    connection,
    'Buy',
    buildBuyInstructions({
      programId,
      presale,
      buyer: buyer.publicKey,
      seller: operator.publicKey,
      tempTokenAccount: new PublicKey(state.tempTokenAccountPubkey),
      mint,
      lamports,
      tokenProgram: mintAccount.owner,
      createBuyerTokenAccount: true,
    }),
    [buyer],
  );
}
