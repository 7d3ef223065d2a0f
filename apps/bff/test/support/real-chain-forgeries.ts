/**
 * The forged leader reports of the real-chain suite: each case makes a real transaction on the
 * local chain (or reuses the honest one) and names the rejection code it must get. (The forged
 * and foreign leader records are in the on-chain leaders suite, `v2-forgeries.ts`.)
 */
import type { Keypair } from '@solana/web3.js';
import {
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
} from '@solana/web3.js';
import type { PresaleState } from '@fbt/domain';
import { buildBuyInstructions } from '@fbt/presale-client';
import type { SeededChain } from './chain-fixture';
import type { V2Chain } from './v2-chain';

const SOL = 1_000_000_000n;

/** A leader report body for `wallet`'s transaction. */
export const claim = (
  signature: string,
  wallet: Keypair,
  lamports: bigint,
  leaderCode = 'beast42',
) => ({
  signature,
  wallet: wallet.publicKey.toBase58(),
  leaderCode,
  lamports: lamports.toString(),
});

/** What the forgeries are made from. */
export interface ForgeryContext {
  readonly chain: SeededChain;
  /** The leader operations on the same chain (`beast42` and `other77` registered). */
  readonly v2: V2Chain;
  /** The honest buyer's reported leader buy. */
  readonly honest: string;
  /** A funded wallet that tries to earn on others' buys or forge its own. */
  readonly stranger: Keypair;
  /** The wallet that owns `beast42`. */
  readonly leader: Keypair;
  /** The leader presale as the BFF cached it (seller and vault accounts for a raw buy). */
  readonly leaderPresaleState: () => PresaleState | undefined;
}

/** Each forgery: its name, how to make its report, the code it must be refused with. */
export function forgeryCases({
  chain,
  v2,
  honest,
  stranger,
  leader,
  leaderPresaleState,
}: ForgeryContext): [string, () => Promise<object>, string][] {
  return [
    [
      "another wallet's transaction",
      () => Promise.resolve(claim(honest, stranger, 1_500_000_000n)),
      'LEADER_REPORT__SIGNER_MISMATCH',
    ],
    [
      'an inflated amount',
      async () =>
        claim(
          await v2.buyWith(stranger, 'leader', SOL / 2n, { leaderRecord: v2.recordOf('beast42') }),
          stranger,
          5n * SOL,
        ),
      'LEADER_REPORT__AMOUNT_MISMATCH',
    ],
    [
      'a failed transaction',
      async () => {
        const deployment = chain.deployment;
        const instructions = buildBuyInstructions({
          programId: new PublicKey(deployment.programId),
          presale: new PublicKey(deployment.presales.leader.address),
          buyer: stranger.publicKey,
          seller: new PublicKey(leaderPresaleState()?.sellerPubkey ?? ''),
          tempTokenAccount: new PublicKey(leaderPresaleState()?.tempTokenAccountPubkey ?? ''),
          mint: new PublicKey(deployment.mint),
          lamports: 1_000n, // below the minimum: the program refuses
          createBuyerTokenAccount: true,
          leaderRecord: v2.recordOf('beast42'),
        });
        return claim(await chain.sendFailing(instructions, stranger), stranger, 1_000n);
      },
      'LEADER_REPORT__TX_FAILED',
    ],
    [
      'a transaction that is not a presale buy',
      async () => {
        const transfer = SystemProgram.transfer({
          fromPubkey: stranger.publicKey,
          toPubkey: leader.publicKey,
          lamports: LAMPORTS_PER_SOL,
        });
        const memo = new TransactionInstruction({
          programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
          keys: [{ pubkey: stranger.publicKey, isSigner: true, isWritable: false }],
          data: Buffer.from('fbt:leader:beast42'),
        });
        return claim(await chain.sendFailing([transfer, memo], stranger), stranger, SOL);
      },
      'LEADER_REPORT__NOT_A_PRESALE_BUY',
    ],
    [
      'a buy on the public presale',
      async () => claim(await chain.buy(stranger, 'public', SOL), stranger, SOL),
      'LEADER_REPORT__WRONG_PRESALE',
    ],
    [
      'a leader presale buy through no leader record',
      async () => claim(await chain.buy(stranger, 'leader', SOL / 2n), stranger, SOL / 2n),
      'LEADER_REPORT__NO_LEADER_RECORD',
    ],
  ];
}
