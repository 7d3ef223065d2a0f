/**
 * The forged and foreign leader reports of the on-chain leaders suite: each case makes a real
 * transaction on the local chain and names the status and code its report must get. Buys the
 * program refuses are sent without preflight, as a forger would, and checked to fail with the
 * program error that case is about.
 */
import { expect } from 'vitest';
import { type Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { buildBuyInstruction, buildBuyInstructions } from '@fbt/presale-client';
import type { SeededChain } from './chain-fixture';
import type { V2Chain } from './v2-chain';

const SOL = 1_000_000_000n;

/** The leader presale's purchase accounts. */
export interface BuyAccounts {
  programId: PublicKey;
  presale: PublicKey;
  seller: PublicKey;
  tempTokenAccount: PublicKey;
  mint: PublicKey;
}

/** What the forgeries are made from. */
export interface V2ForgeryContext {
  readonly chain: SeededChain;
  readonly v2: V2Chain;
  /** An honest buyer with an FBT account. */
  readonly buyer: Keypair;
  /** The wallet of `alpha1`. */
  readonly leader: Keypair;
  /** The wallet of the suspended `beta22`. */
  readonly stranger: Keypair;
  /** A 136-byte account owned by the system program. */
  readonly forged: PublicKey;
  /** The leader record `pub111` of the public presale. */
  readonly publicRecord: PublicKey;
  readonly buyAccounts: BuyAccounts;
  readonly claim: (signature: string, wallet: Keypair, lamports: bigint, code?: string) => object;
}

/**
 * A transaction sent without preflight, as a forger would, that the program refuses with
 * `programError` (checked on the confirmed transaction, so each case fails for its own reason).
 */
export async function failing(
  chain: SeededChain,
  instructions: TransactionInstruction[],
  signer: Keypair,
  programError: keyof typeof PROGRAM_ERRORS,
): Promise<string> {
  const signature = await chain.sendFailing(instructions, signer);
  const tx = await chain.connection.getTransaction(signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  expect(JSON.stringify(tx?.meta?.err)).toContain(`{"Custom":${PROGRAM_ERRORS[programError]}}`);
  return signature;
}

/** The program's errors these forgeries meet (programs/presale/README.md#errors). */
export const PROGRAM_ERRORS = {
  PresaleWrongOwner: 6005,
  InvalidLeaderRecord: 6034,
  LeaderInactive: 6036,
  SelfReferral: 6037,
  NotLeader: 6038,
} as const;

/**
 * A purchase of `buyer` naming `record` as BuyWith's leader record, with the idempotent create
 * of the buyer's token account first (so the program reaches its leader-record checks).
 */
export function buildBuyWithFor(
  accounts: BuyAccounts,
  buyer: Keypair,
  lamports: bigint,
  record: PublicKey,
): TransactionInstruction[] {
  return buildBuyInstructions({
    ...accounts,
    buyer: buyer.publicKey,
    lamports,
    leaderRecord: record,
    createBuyerTokenAccount: true,
  });
}

/** Each case: its name, how to make its report, the status and code it must get. */
export function v2ForgeryCases({
  chain,
  v2,
  buyer,
  leader,
  stranger,
  forged,
  publicRecord,
  buyAccounts,
  claim,
}: V2ForgeryContext): [string, () => Promise<object>, number, string][] {
  const memo = (code: string, signer: Keypair) =>
    new TransactionInstruction({
      programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
      keys: [{ pubkey: signer.publicKey, isSigner: true, isWritable: false }],
      data: Buffer.from(`fbt:leader:${code}`),
    });

  return [
    [
      'a plain Buy (tag 1) carrying the memo',
      async () =>
        claim(
          await v2.send(
            [
              buildBuyInstruction({ ...buyAccounts, buyer: buyer.publicKey, lamports: SOL / 2n }),
              memo('alpha1', buyer),
            ],
            [buyer],
          ),
          buyer,
          SOL / 2n,
        ),
      422,
      'LEADER_REPORT__NO_LEADER_RECORD',
    ],
    [
      'a BuyWith with the memo but no record',
      async () =>
        claim(
          await chain.buy(buyer, 'leader', SOL / 2n, { leaderCode: 'alpha1' }),
          buyer,
          SOL / 2n,
        ),
      422,
      'LEADER_REPORT__NO_LEADER_RECORD',
    ],
    [
      'a BuyWith naming a forged record (right size, wrong owner)',
      async () =>
        claim(
          await failing(
            chain,
            buildBuyWithFor(buyAccounts, buyer, SOL, forged),
            buyer,
            'InvalidLeaderRecord',
          ),
          buyer,
          SOL,
        ),
      422,
      'LEADER_REPORT__TX_FAILED',
    ],
    [
      'a BuyWith naming a record of another presale',
      async () =>
        claim(
          await failing(
            chain,
            buildBuyWithFor(buyAccounts, buyer, SOL, publicRecord),
            buyer,
            'InvalidLeaderRecord',
          ),
          buyer,
          SOL,
          'pub111',
        ),
      422,
      'LEADER_REPORT__TX_FAILED',
    ],
    [
      'a buy through that record on its own presale',
      async () =>
        claim(
          await v2.buyWith(buyer, 'public', SOL / 2n, { leaderRecord: publicRecord }),
          buyer,
          SOL / 2n,
          'pub111',
        ),
      422,
      'LEADER_REPORT__WRONG_PRESALE',
    ],
    [
      'a BuyWith through a suspended code',
      async () =>
        claim(
          await failing(
            chain,
            buildBuyWithFor(buyAccounts, buyer, SOL, v2.recordOf('beta22')),
            buyer,
            'LeaderInactive',
          ),
          buyer,
          SOL,
          'beta22',
        ),
      422,
      'LEADER_REPORT__TX_FAILED',
    ],
    [
      "the leader's own buy through its record",
      async () =>
        claim(
          await failing(
            chain,
            buildBuyWithFor(buyAccounts, leader, SOL, v2.recordOf('alpha1')),
            leader,
            'SelfReferral',
          ),
          leader,
          SOL,
        ),
      422,
      'LEADER_REPORT__TX_FAILED',
    ],
    [
      'a genuine record buy reported for another code',
      async () =>
        claim(
          await v2.buyWith(stranger, 'leader', SOL / 2n, { leaderRecord: v2.recordOf('alpha1') }),
          stranger,
          SOL / 2n,
          'gamma3',
        ),
      422,
      'LEADER_REPORT__MEMO_MISMATCH',
    ],
  ];
}
