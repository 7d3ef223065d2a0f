// A seeded local chain for the purchase-flow tests (purchase-on-local-chain, sale-rules-*):
// the seeded wallets, funded ones, seller-signed admin instructions, purchase requests and the
// compute a buy used.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeConnectionSocket } from '@fbt/adapters';
import { LAMPORTS_PER_SOL, decodePresaleState } from '@fbt/domain';
import { createLocalnet, type Localnet } from '@fbt/localnet';
import {
  readKeypairFile,
  seedLocalChain,
  seededWalletFiles,
  type SeedTokenProgram,
} from '@fbt/operator';
import { buildRegisterLeaderInstruction, findLeaderRecordAddress } from '@fbt/presale-client';
import { confirmSignature, type BuyFbtRequest, type TransactionDeps } from '@fbt/purchase';
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  PublicKey,
  Transaction,
  type TransactionInstruction,
  type VersionedTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, expect } from 'vitest';

export const SOL = LAMPORTS_PER_SOL;
let localnet: Localnet;
let dataDir: string;
export let connection: Connection;
export let deployment: Awaited<ReturnType<typeof seedLocalChain>>['deployment'];
export let operator: Keypair;
/** The seeded test wallets (100 SOL each). */
export let buyers: Keypair[];
export let programId: PublicKey;

/**
 * Starts a seeded local chain for the calling test file (and stops it after): its FBT a
 * Token-2022 mint with metadata, as `npm start` seeds it, or a classic SPL Token mint.
 */
export function useLocalChain(options: { readonly tokenProgram?: SeedTokenProgram } = {}): void {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fbt-sale-rules-'));
    localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir, slotMs: 100 });
    connection = new Connection(localnet.rpcUrl, {
      commitment: 'confirmed',
      wsEndpoint: localnet.wsUrl,
    });
    const seeded = await seedLocalChain({
      connection,
      rpcUrl: localnet.rpcUrl,
      wsUrl: localnet.wsUrl,
      dataDir,
      ...(options.tokenProgram === undefined ? {} : { tokenProgram: options.tokenProgram }),
    });
    deployment = seeded.deployment;
    const wallets = seededWalletFiles(dataDir);
    operator = readKeypairFile(wallets.operator);
    buyers = wallets.buyers.map((file) => readKeypairFile(file));
    programId = new PublicKey(deployment.programId);
  });

  afterAll(async () => {
    if (connection !== undefined) closeConnectionSocket(connection);
    await localnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

export type Variant = 'public' | 'private' | 'leader';
export const presaleOf = (variant: Variant) => new PublicKey(deployment.presales[variant].address);

/**
 * Waits for `signature` by polling its status (no websocket subscription, whose background
 * requests could outlive the test and hit the stopped chain).
 */
export async function waitConfirmed(signature: string): Promise<void> {
  for (;;) {
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function funded(sol = 20): Promise<Keypair> {
  const wallet = Keypair.generate();
  await waitConfirmed(await connection.requestAirdrop(wallet.publicKey, Number(BigInt(sol) * SOL)));
  return wallet;
}

let lastSellerBlockhash = '';

/** A seller-only instruction, signed by the seeded operator (the seller) and confirmed. */
export async function sendAsSeller(instruction: TransactionInstruction): Promise<void> {
  // A fresh blockhash each time: the same instruction sent twice within one blockhash (a
  // setting put back as it was) would be the same transaction, refused as already processed.
  let { blockhash } = await connection.getLatestBlockhash('confirmed');
  while (blockhash === lastSellerBlockhash) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    ({ blockhash } = await connection.getLatestBlockhash('confirmed'));
  }
  lastSellerBlockhash = blockhash;
  const tx = new Transaction({ feePayer: operator.publicKey, recentBlockhash: blockhash });
  tx.add(instruction).sign(operator);
  const rawTransaction = tx.serialize();
  const signature = await connection.sendRawTransaction(rawTransaction);
  const outcome = await confirmSignature({ connection, signature, blockhash, rawTransaction });
  if (outcome.status !== 'confirmed') throw new Error(`seller instruction ${outcome.status}`);
}

export function signer(wallet: Keypair, calls: { count: number } = { count: 0 }) {
  return (transaction: VersionedTransaction): Promise<VersionedTransaction> => {
    calls.count++;
    transaction.sign([wallet]);
    return Promise.resolve(transaction);
  };
}

export function deps(wallet: Keypair, calls = { count: 0 }): TransactionDeps {
  return { connection, signTransaction: signer(wallet, calls), pollIntervalMs: 100 };
}

export async function request(
  variant: Variant,
  buyer: Keypair,
  amountInput: string,
  extra: Partial<BuyFbtRequest> = {},
): Promise<BuyFbtRequest> {
  const info = await connection.getAccountInfo(presaleOf(variant), 'confirmed');
  if (info === null) throw new Error(`presale ${variant} missing`);
  return {
    programId,
    presale: presaleOf(variant),
    mint: new PublicKey(deployment.mint),
    state: decodePresaleState(info.data),
    buyer: buyer.publicKey,
    amountInput,
    boughtLamports: 0n,
    ...extra,
  };
}

export async function registerLeader(code: string, wallet: PublicKey): Promise<PublicKey> {
  await sendAsSeller(
    buildRegisterLeaderInstruction({
      programId,
      seller: operator.publicKey,
      presale: presaleOf('leader'),
      code,
      leaderWallet: wallet,
    }),
  );
  return findLeaderRecordAddress(programId, presaleOf('leader'), code)[0];
}

export const balance = async (key: PublicKey) =>
  BigInt(await connection.getBalance(key, 'confirmed'));

/** The compute-unit limit the confirmed transaction asked for, and what it used. */
export async function computeOf(signature: string): Promise<{ limit: number; used: number }> {
  const tx = await connection.getTransaction(signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  const message = tx!.transaction.message;
  const budget = message.compiledInstructions.find((ix) =>
    message.staticAccountKeys[ix.programIdIndex]?.equals(ComputeBudgetProgram.programId),
  );
  // SetComputeUnitLimit: tag 2, then the u32 limit.
  const data = Buffer.from(budget!.data);
  expect(data[0]).toBe(2);
  return { limit: data.readUInt32LE(1), used: tx!.meta!.computeUnitsConsumed! };
}
