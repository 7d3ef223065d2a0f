import { buildRegisterLeaderInstruction } from '@fbt/presale-client';
import type { Connection, Keypair, TransactionInstruction } from '@solana/web3.js';
import { PublicKey } from '@solana/web3.js';
import { LEADERS_PER_TRANSACTION } from './commands/leaders-register';
import { readLeaderRecord } from './leader-records';
import { OperatorError } from './operator-error';
import { sendInstructions } from './send';

/** What {@link ensureLeaderCodes} registers, and as whom. */
export interface LeaderCodesRequest {
  readonly connection: Connection;
  readonly programId: PublicKey;
  /** The presale the codes earn on (the leader presale). */
  readonly presale: PublicKey;
  /** The presale's seller: signs RegisterLeader and pays each record's rent. */
  readonly seller: Keypair;
  readonly leaders: readonly { readonly code: string; readonly wallet: string }[];
}

/**
 * Makes sure each code has its leader record on `presale`, paying its wallet, as `leaders
 * register` does: a code already registered to the same wallet is left alone, one registered
 * to another wallet is refused before anything is sent. Returns the codes registered now.
 */
export async function ensureLeaderCodes(request: LeaderCodesRequest): Promise<string[]> {
  const { connection, programId, presale, seller } = request;
  const fresh: TransactionInstruction[] = [];
  const codes: string[] = [];
  for (const { code, wallet } of request.leaders) {
    const existing = await readLeaderRecord(connection, programId, presale, code);
    if (existing !== null && existing.wallet !== wallet) {
      throw new OperatorError(
        `leader code ${JSON.stringify(code)} is registered to ${existing.wallet}, not ${wallet}`,
      );
    }
    if (existing !== null) continue;
    codes.push(code);
    fresh.push(
      buildRegisterLeaderInstruction({
        programId,
        seller: seller.publicKey,
        presale,
        code,
        leaderWallet: new PublicKey(wallet),
      }),
    );
  }
  for (let i = 0; i < fresh.length; i += LEADERS_PER_TRANSACTION) {
    await sendInstructions(
      connection,
      'register leader codes',
      fresh.slice(i, i + LEADERS_PER_TRANSACTION),
      [seller],
    );
  }
  return codes;
}
