import { computeTokenAmount, formatFixed } from '@fbt/domain';
import {
  buildCreatePresaleAccountInstruction,
  buildInitializeInstruction,
  findAssociatedTokenAddress,
  buildSetWindowInstruction,
  findAuthorityAddress,
  PRESALE_ACCOUNT_SIZE,
} from '@fbt/presale-client';
import type { DeliveryTerms, PresaleLimits } from '@fbt/presale-client';
import {
  getInitializeAccount3Instruction,
  getTokenSize,
  getTransferCheckedInstruction,
} from '@solana-program/token-2022';
import { Keypair, SystemProgram } from '@solana/web3.js';
import type { Connection, PublicKey } from '@solana/web3.js';
import { OperatorError } from './operator-error';
import { sendInstructions } from './send';
import {
  kitAddress,
  kitSigner,
  onProgram,
  readMint,
  readTokenAccountAmount,
  toWeb3Instruction,
} from './token-program';

/** Result of {@link createPresale}. */
export interface CreatedPresale {
  presale: PublicKey;
  tempTokenAccount: PublicKey;
  authority: PublicKey;
  /** FBT base units moved into the temp token account. */
  fundedTokens: bigint;
  signature: string;
}

/**
 * Creates and initialises a presale in one transaction: a new temp token account funded from
 * the seller's FBT account, the presale state account, Initialize (which hands the temp
 * account to the program's PDA, with the delivery terms when given) and, when given, the sale
 * window. By default it funds exactly what `maxTotalBuyable` can buy. The mint's owner decides
 * the token program (SPL Token or Token-2022); the vault is a plain 165-byte account of it,
 * which the Initialize can hand over (an associated token account of Token-2022 could not: it
 * is ImmutableOwner).
 */
export async function createPresale(options: {
  connection: Connection;
  programId: PublicKey;
  seller: Keypair;
  mint: PublicKey;
  tokenPrice: bigint;
  limits: PresaleLimits;
  /** FBT base units to fund; default: tokens for maxTotalBuyable at tokenPrice. */
  fundTokens?: bigint;
  /** Seller's FBT account to fund from (default: the seller's associated token account). */
  source?: PublicKey;
  active?: boolean;
  /** How the FBT reach the buyers, the minimum raise, the vesting; absent: instant, none. */
  terms?: DeliveryTerms;
  /** The sale window (unix seconds, 0 = no bound), set in the same transaction; absent: none. */
  window?: { readonly start: bigint; readonly end: bigint };
}): Promise<CreatedPresale> {
  const { connection, programId, seller, mint } = options;
  const { decimals, tokenProgram } = await readMint(connection, mint);
  const fundTokens =
    options.fundTokens ??
    computeTokenAmount(options.limits.maxTotalBuyable, options.tokenPrice, decimals);
  if (fundTokens <= 0n)
    throw new OperatorError(
      'the presale would hold no tokens: raise --max-total-sol or pass --fund-tokens',
      2,
    );
  const source =
    options.source ??
    findAssociatedTokenAddress({ owner: seller.publicKey, mint: mint, tokenProgram: tokenProgram });
  const held = await readTokenAccountAmount(connection, source);
  if (held === null)
    throw new OperatorError(`seller token account ${source.toBase58()} does not exist`);
  if (held < fundTokens) {
    throw new OperatorError(
      `seller token account holds ${formatFixed(held, decimals)} FBT, the presale needs ${formatFixed(fundTokens, decimals)}`,
    );
  }
  const presale = Keypair.generate();
  const temp = Keypair.generate();
  const [authority] = findAuthorityAddress(programId, presale.publicKey);
  const signature = await sendInstructions(
    connection,
    'create-presale',
    [
      SystemProgram.createAccount({
        fromPubkey: seller.publicKey,
        newAccountPubkey: temp.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(getTokenSize()),
        space: getTokenSize(),
        programId: tokenProgram,
      }),
      toWeb3Instruction(
        getInitializeAccount3Instruction(
          {
            account: kitAddress(temp.publicKey),
            mint: kitAddress(mint),
            owner: kitAddress(seller.publicKey),
          },
          onProgram(tokenProgram),
        ),
      ),
      toWeb3Instruction(
        getTransferCheckedInstruction(
          {
            source: kitAddress(source),
            mint: kitAddress(mint),
            destination: kitAddress(temp.publicKey),
            authority: kitSigner(seller.publicKey),
            amount: fundTokens,
            decimals,
          },
          onProgram(tokenProgram),
        ),
      ),
      buildCreatePresaleAccountInstruction({
        programId,
        payer: seller.publicKey,
        presale: presale.publicKey,
        lamports: BigInt(await connection.getMinimumBalanceForRentExemption(PRESALE_ACCOUNT_SIZE)),
      }),
      buildInitializeInstruction({
        programId,
        seller: seller.publicKey,
        presale: presale.publicKey,
        tempTokenAccount: temp.publicKey,
        mint,
        tokenProgram,
        tokenPrice: options.tokenPrice,
        ...options.limits,
        active: options.active ?? true,
        ...(options.terms === undefined ? {} : { terms: options.terms }),
      }),
      ...(options.window === undefined
        ? []
        : [
            buildSetWindowInstruction({
              programId,
              seller: seller.publicKey,
              presale: presale.publicKey,
              ...options.window,
            }),
          ]),
    ],
    [seller, temp, presale],
  );
  return {
    presale: presale.publicKey,
    tempTokenAccount: temp.publicKey,
    authority,
    fundedTokens: fundTokens,
    signature,
  };
}
