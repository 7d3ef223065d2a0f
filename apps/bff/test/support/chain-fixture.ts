import { readFileSync } from 'node:fs';
import { createAccount, createMint, mintTo } from '@solana/spl-token';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  Transaction,
  TransactionInstruction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { closeConnectionSocket } from '@fbt/adapters';
import { createLocalnet, type Localnet } from '@fbt/localnet';
import { deployProgram } from '@fbt/operator';
import {
  buildBuyInstructions,
  buildCreatePresaleAccountInstruction,
  buildInitializeInstruction,
  PRESALE_ACCOUNT_SIZE,
} from '@fbt/presale-client';
import type { Deployment, PresaleVariant } from '@fbt/domain';
import { programSoPath } from '@fbt/presale-program';
import { leaderMemo } from './leader-memo';

/** The committed sBPF v3 build of our program (programs/presale/dist). */
const PROGRAM_SO = programSoPath('v3');
/** A local chain (real litesvm behind real JSON-RPC) with our program and three presales. */
export interface SeededChain {
  readonly localnet: Localnet;
  readonly connection: Connection;
  readonly deployment: Deployment;
  /** The presales' seller: signs the sale-rule instructions (pause, limits, window, leaders). */
  readonly seller: Keypair;
  /** A new keypair holding `sol` SOL. */
  fundedKeypair(sol?: number): Promise<Keypair>;
  /** Buys on a presale through the real program; returns the confirmed signature. */
  buy(
    buyer: Keypair,
    variant: PresaleVariant,
    lamports: bigint,
    options?: { leaderCode?: string; memo?: string },
  ): Promise<string>;
  /** Sends a transaction expected to fail on chain (no preflight); returns its signature. */
  sendFailing(instructions: TransactionInstruction[], signer: Keypair): Promise<string>;
  stop(): Promise<void>;
}

async function send(
  connection: Connection,
  instructions: TransactionInstruction[],
  signers: Keypair[],
) {
  return sendAndConfirmTransaction(connection, new Transaction().add(...instructions), signers, {
    commitment: 'confirmed',
  });
}

const LIMITS: Record<PresaleVariant, { min: bigint; max: bigint; total: bigint }> = {
  public: {
    min: LAMPORTS_PER_SOL_BIG(1n, 10n),
    max: 10n * 1_000_000_000n,
    total: 500n * 1_000_000_000n,
  },
  private: {
    min: LAMPORTS_PER_SOL_BIG(1n, 10n),
    max: 20n * 1_000_000_000n,
    total: 200n * 1_000_000_000n,
  },
  leader: {
    min: LAMPORTS_PER_SOL_BIG(1n, 10n),
    max: 10n * 1_000_000_000n,
    total: 800n * 1_000_000_000n,
  },
};
function LAMPORTS_PER_SOL_BIG(numerator: bigint, denominator: bigint): bigint {
  return (1_000_000_000n * numerator) / denominator;
}

/**
 * Starts a local chain on free ports and sets it up the way `solana program deploy` and the
 * operator would: program through the upgradeable loader, an FBT mint, and three initialized
 * presales, all through JSON-RPC transactions.
 */
export async function startSeededChain(): Promise<SeededChain> {
  const localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir: null, slotMs: 50 });
  const connection = new Connection(localnet.rpcUrl, {
    wsEndpoint: localnet.wsUrl,
    commitment: 'confirmed',
  });
  const fundedKeypair = async (sol = 100): Promise<Keypair> => {
    const keypair = Keypair.generate();
    const signature = await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL);
    await connection.confirmTransaction(
      { signature, ...(await connection.getLatestBlockhash()) },
      'confirmed',
    );
    return keypair;
  };
  try {
    const seller = await fundedKeypair(500);
    // The operator's deployment: the real upgradeable-loader path, waiting until invocable.
    const { programId } = await deployProgram({
      connection,
      payer: seller,
      elf: new Uint8Array(readFileSync(PROGRAM_SO)),
    });
    const mint = await createMint(connection, seller, seller.publicKey, null, 6, undefined, {
      commitment: 'confirmed',
    });
    const presales = {} as Record<PresaleVariant, { presale: PublicKey; temp: PublicKey }>;
    for (const variant of ['public', 'private', 'leader'] as const) {
      const temp = await createAccount(
        connection,
        seller,
        mint,
        seller.publicKey,
        Keypair.generate(),
        { commitment: 'confirmed' },
      );
      await mintTo(connection, seller, mint, temp, seller, 10_000_000n * 1_000_000n, [], {
        commitment: 'confirmed',
      });
      const presale = Keypair.generate();
      const limits = LIMITS[variant];
      await send(
        connection,
        [
          buildCreatePresaleAccountInstruction({
            programId,
            payer: seller.publicKey,
            presale: presale.publicKey,
            lamports: BigInt(
              await connection.getMinimumBalanceForRentExemption(PRESALE_ACCOUNT_SIZE),
            ),
          }),
          buildInitializeInstruction({
            programId,
            seller: seller.publicKey,
            presale: presale.publicKey,
            tempTokenAccount: temp,
            mint,
            tokenPrice: 50_000n,
            minUserBuyable: limits.min,
            maxUserBuyable: limits.max,
            maxTotalBuyable: limits.total,
          }),
        ],
        [seller, presale],
      );
      presales[variant] = { presale: presale.publicKey, temp };
    }
    const deployment: Deployment = {
      cluster: 'localnet',
      rpcUrl: localnet.rpcUrl,
      wsUrl: localnet.wsUrl,
      programId: programId.toBase58(),
      mint: mint.toBase58(),
      privateRouteName: 'mammamia-vip',
      presales: {
        public: { address: presales.public.presale.toBase58() },
        private: { address: presales.private.presale.toBase58() },
        leader: { address: presales.leader.presale.toBase58() },
      },
    };
    return {
      localnet,
      connection,
      deployment,
      seller,
      fundedKeypair,
      async buy(buyer, variant, lamports, options = {}) {
        const instructions = buildBuyInstructions({
          programId,
          presale: presales[variant].presale,
          buyer: buyer.publicKey,
          seller: seller.publicKey,
          tempTokenAccount: presales[variant].temp,
          mint,
          lamports,
          createBuyerTokenAccount: true,
        });
        if (options.leaderCode !== undefined)
          instructions.push(leaderMemo(options.leaderCode, buyer.publicKey));
        if (options.memo !== undefined) {
          instructions.push(
            new TransactionInstruction({
              programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
              keys: [{ pubkey: buyer.publicKey, isSigner: true, isWritable: false }],
              data: Buffer.from(options.memo, 'utf8'),
            }),
          );
        }
        return send(connection, instructions, [buyer]);
      },
      async sendFailing(instructions, signer) {
        const tx = new Transaction().add(...instructions);
        tx.feePayer = signer.publicKey;
        tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
        tx.sign(signer);
        const signature = await connection.sendRawTransaction(tx.serialize(), {
          skipPreflight: true,
        });
        const latest = await connection.getLatestBlockhash();
        await connection
          .confirmTransaction({ signature, ...latest }, 'confirmed')
          .catch(() => undefined);
        return signature;
      },
      async stop() {
        // web3.js keeps polling block height briefly after a confirmation resolves; let it
        // finish so stopping the chain does not surface as an unhandled fetch failure.
        await new Promise((resolve) => setTimeout(resolve, 500));
        closeConnectionSocket(connection);
        await localnet.stop();
      },
    };
  } catch (error) {
    await localnet.stop();
    throw error;
  }
}
