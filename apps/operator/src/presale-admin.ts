import {
  buildSetActiveInstruction,
  buildUpdateLimitsInstruction,
  buildWithdrawUnsoldInstruction,
  decodePresaleAccount,
} from '@fbt/presale-client';
import type { PresaleAccount, PresaleLimits } from '@fbt/presale-client';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  getAssociatedTokenAddressSync,
  unpackAccount,
} from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import type { Connection, Keypair } from '@solana/web3.js';
import { OperatorError } from './operator-error';
import { sendInstructions } from './send';

/** Reads and decodes a presale account; a clear error when it is missing or not ours. */
export async function fetchPresale(
  connection: Connection,
  programId: PublicKey,
  presale: PublicKey,
): Promise<PresaleAccount> {
  const info = await connection.getAccountInfo(presale, 'confirmed');
  if (info === null)
    throw new OperatorError(`presale ${presale.toBase58()} does not exist on this cluster`);
  if (!info.owner.equals(programId)) {
    throw new OperatorError(
      `account ${presale.toBase58()} is owned by ${info.owner.toBase58()}, not the presale program ${programId.toBase58()}`,
    );
  }
  try {
    return decodePresaleAccount(info.data);
  } catch (error) {
    throw new OperatorError(
      `account ${presale.toBase58()} is not a presale: ${(error as Error).message}`,
    );
  }
}

/** Pauses or resumes purchases (seller only). */
export async function setPresaleActive(options: {
  connection: Connection;
  programId: PublicKey;
  seller: Keypair;
  presale: PublicKey;
  active: boolean;
}): Promise<string> {
  await fetchPresale(options.connection, options.programId, options.presale);
  return sendInstructions(
    options.connection,
    'set-active',
    [
      buildSetActiveInstruction({
        programId: options.programId,
        seller: options.seller.publicKey,
        presale: options.presale,
        active: options.active,
      }),
    ],
    [options.seller],
  );
}

/** Changes min / max per user / max total (seller only). */
export async function updatePresaleLimits(options: {
  connection: Connection;
  programId: PublicKey;
  seller: Keypair;
  presale: PublicKey;
  limits: PresaleLimits;
}): Promise<string> {
  await fetchPresale(options.connection, options.programId, options.presale);
  return sendInstructions(
    options.connection,
    'update-limits',
    [
      buildUpdateLimitsInstruction({
        programId: options.programId,
        seller: options.seller.publicKey,
        presale: options.presale,
        ...options.limits,
      }),
    ],
    [options.seller],
  );
}

/**
 * Moves every unsold FBT to `destination` (default: the seller's associated token account,
 * created if needed). Instant: the vault's whole balance, once the sale is paused or sold out.
 * At completion: the vault less the FBT owed to buyers, once the sale is finalized (a failed
 * sale owes none); refused before Finalize, naming it.
 */
export async function withdrawUnsold(options: {
  connection: Connection;
  programId: PublicKey;
  seller: Keypair;
  presale: PublicKey;
  destination?: PublicKey;
}): Promise<{ signature: string; destination: PublicKey; amount: bigint }> {
  const { connection, programId, seller, presale } = options;
  const state = await fetchPresale(connection, programId, presale);
  const mint = new PublicKey(state.mint);
  const temp = new PublicKey(state.tempTokenAccountPubkey);
  const tempInfo = await connection.getAccountInfo(temp, 'confirmed');
  const vault = tempInfo === null ? 0n : unpackAccount(temp, tempInfo).amount;
  if (
    state.deliveryMode === 'at-completion' &&
    state.status !== 'succeeded' &&
    state.status !== 'failed'
  ) {
    throw new OperatorError(
      `presale ${presale.toBase58()} delivers at completion: its unsold FBT can be withdrawn once it is finalized (status ${state.status}; run \`finalize\` once it sells out or its window ends)`,
    );
  }
  const amount = state.deliveryMode === 'at-completion' ? vault - state.tokensOwed : vault;
  const destination = options.destination ?? getAssociatedTokenAddressSync(mint, seller.publicKey);
  const instructions = [];
  if (options.destination === undefined) {
    instructions.push(
      createAssociatedTokenAccountIdempotentInstruction(
        seller.publicKey,
        destination,
        seller.publicKey,
        mint,
      ),
    );
  }
  instructions.push(
    buildWithdrawUnsoldInstruction({
      programId,
      seller: seller.publicKey,
      presale,
      tempTokenAccount: temp,
      mint,
      destinationTokenAccount: destination,
    }),
  );
  const signature = await sendInstructions(connection, 'withdraw-unsold', instructions, [seller]);
  return { signature, destination, amount };
}
