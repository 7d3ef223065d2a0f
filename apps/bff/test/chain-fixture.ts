import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAccount, createMint, mintTo } from '@solana/spl-token';
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  SYSVAR_CLOCK_PUBKEY,
  SYSVAR_RENT_PUBKEY,
  Transaction,
  TransactionInstruction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { createLocalnet, type Localnet } from '@fbt/localnet';
import {
  buildBuyInstructions,
  buildCreatePresaleAccountInstruction,
  buildInitializeInstruction,
  PRESALE_ACCOUNT_SIZE,
} from '@fbt/presale-program';
import type { Deployment, PresaleVariant } from '@fbt/domain';

/** The committed sBPF v3 build of our program (programs/presale/dist). */
const PROGRAM_SO = fileURLToPath(
  new URL('../../../programs/presale/dist/presale.v3.so', import.meta.url),
);
const LOADER = new PublicKey('BPFLoaderUpgradeab1e11111111111111111111111');
const WRITE_CHUNK = 900;

function loaderData(tag: number, ...parts: Uint8Array[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32LE(tag, 0);
  return Buffer.concat([head, ...parts]);
}
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value, 0);
  return bytes;
};
const u64 = (value: number | bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value), 0);
  return bytes;
};

/** A local chain (real litesvm behind real JSON-RPC) with our program and three presales. */
export interface SeededChain {
  readonly localnet: Localnet;
  readonly connection: Connection;
  readonly deployment: Deployment;
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

async function deployProgram(
  connection: Connection,
  payer: Keypair,
  elf: Uint8Array,
): Promise<PublicKey> {
  const program = Keypair.generate();
  const buffer = Keypair.generate();
  const bufferSize = 37 + elf.length;
  await send(
    connection,
    [
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: buffer.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(bufferSize),
        space: bufferSize,
        programId: LOADER,
      }),
      new TransactionInstruction({
        programId: LOADER,
        keys: [
          { pubkey: buffer.publicKey, isSigner: false, isWritable: true },
          { pubkey: payer.publicKey, isSigner: false, isWritable: false },
        ],
        data: loaderData(0),
      }),
    ],
    [payer, buffer],
  );
  const writes: Promise<string>[] = [];
  for (let offset = 0; offset < elf.length; offset += WRITE_CHUNK) {
    const chunk = elf.subarray(offset, offset + WRITE_CHUNK);
    writes.push(
      send(
        connection,
        [
          new TransactionInstruction({
            programId: LOADER,
            keys: [
              { pubkey: buffer.publicKey, isSigner: false, isWritable: true },
              { pubkey: payer.publicKey, isSigner: true, isWritable: false },
            ],
            data: loaderData(1, u32(offset), u64(chunk.length), chunk),
          }),
        ],
        [payer],
      ),
    );
  }
  await Promise.all(writes);
  const [programData] = PublicKey.findProgramAddressSync([program.publicKey.toBytes()], LOADER);
  await send(
    connection,
    [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 1_400_000 }),
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: program.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(36),
        space: 36,
        programId: LOADER,
      }),
      new TransactionInstruction({
        programId: LOADER,
        keys: [
          { pubkey: payer.publicKey, isSigner: true, isWritable: true },
          { pubkey: programData, isSigner: false, isWritable: true },
          { pubkey: program.publicKey, isSigner: false, isWritable: true },
          { pubkey: buffer.publicKey, isSigner: false, isWritable: true },
          { pubkey: SYSVAR_RENT_PUBKEY, isSigner: false, isWritable: false },
          { pubkey: SYSVAR_CLOCK_PUBKEY, isSigner: false, isWritable: false },
          { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
          { pubkey: payer.publicKey, isSigner: true, isWritable: false },
        ],
        data: loaderData(2, u64(elf.length * 2)),
      }),
    ],
    [payer, program],
  );
  return program.publicKey;
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
    const programId = await deployProgram(
      connection,
      seller,
      new Uint8Array(readFileSync(PROGRAM_SO)),
    );
    // A freshly deployed program is invocable from the next slot.
    await new Promise((resolve) => setTimeout(resolve, 150));
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
          ...(options.leaderCode === undefined ? {} : { leaderCode: options.leaderCode }),
        });
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
        await localnet.stop();
      },
    };
  } catch (error) {
    await localnet.stop();
    throw error;
  }
}
