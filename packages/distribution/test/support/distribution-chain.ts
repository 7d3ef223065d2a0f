import { readFileSync } from 'node:fs';
import { closeConnectionSocket, createSolanaConnection } from '@fbt/adapters';
import { createLocalnet, type Localnet } from '@fbt/localnet';
import {
  buildBuyInstructions,
  buildCreatePresaleAccountInstruction,
  buildInitializeInstruction,
  buildSetWindowInstruction,
  LOADER_PROGRAM_ACCOUNT_SIZE,
  loaderBufferSize,
  PRESALE_ACCOUNT_SIZE,
  planLoaderDeployment,
  type DeliveryTerms,
  type PresaleLimits,
} from '@fbt/presale-client';
import { programSoPath } from '@fbt/presale-program';
import {
  ACCOUNT_SIZE,
  createInitializeAccount3Instruction,
  createMint,
  createTransferCheckedInstruction,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import type { PublicKey, Connection } from '@solana/web3.js';
import {
  AddressLookupTableProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
  type AddressLookupTableAccount,
  type TransactionInstruction,
} from '@solana/web3.js';

/** The FBT price the product sells at: 50,000 lamports per whole FBT (6 decimals). */
export const TEST_TOKEN_PRICE = 50_000n;
const DECIMALS = 6;
const SUPPLY = 100_000_000n * 10n ** BigInt(DECIMALS);
const SOL = BigInt(LAMPORTS_PER_SOL);

/** An at-completion presale made on the test chain. */
export interface TestPresale {
  readonly presale: PublicKey;
  readonly vault: PublicKey;
}

/** A local chain (real litesvm behind JSON-RPC) with our program, an FBT mint and a seller. */
export interface DistributionChain {
  readonly localnet: Localnet;
  readonly connection: Connection;
  readonly programId: PublicKey;
  readonly mint: PublicKey;
  /** The mint's token program (SPL Token unless the chain was started with Token-2022). */
  readonly tokenProgram: PublicKey;
  /** Holds the FBT supply and sells every presale. */
  readonly seller: Keypair;
  /** New keypairs holding `lamports` each, funded 20 to a transaction. */
  fundedKeypairs(count: number, lamports: bigint): Promise<Keypair[]>;
  /** An initialized presale with these terms, funded with what its total maximum buys. */
  createPresale(options: {
    readonly limits: PresaleLimits;
    readonly terms?: DeliveryTerms;
    /** Unix seconds buys close at (0: no end; absent: a day from now at completion, else none). */
    readonly saleEnd?: bigint;
  }): Promise<TestPresale>;
  /** One buy (the site's transaction: the buyer's FBT account created, BuyWith). */
  buy(sale: TestPresale, buyer: Keypair, lamports: bigint): Promise<string>;
  /** Every buyer buys `lamports`, `parallel` at a time. */
  buyAll(
    sale: TestPresale,
    buyers: readonly Keypair[],
    lamports: bigint,
    parallel?: number,
  ): Promise<void>;
  send(instructions: TransactionInstruction[], signers: Keypair[]): Promise<string>;
  /** An address lookup table holding `addresses`, usable once this resolves. */
  createLookupTable(addresses: readonly PublicKey[]): Promise<AddressLookupTableAccount>;
  stop(): Promise<void>;
}

/** Deploys the committed sBPF v3 build through the upgradeable loader, over JSON-RPC. */
async function deploy(connection: Connection, payer: Keypair): Promise<PublicKey> {
  const elf = new Uint8Array(readFileSync(programSoPath('v3')));
  const buffer = Keypair.generate();
  const program = Keypair.generate();
  const plan = planLoaderDeployment({
    payer: payer.publicKey,
    buffer: buffer.publicKey,
    program: program.publicKey,
    elf,
    bufferRentLamports: await connection.getMinimumBalanceForRentExemption(
      loaderBufferSize(elf.length),
    ),
    programRentLamports: await connection.getMinimumBalanceForRentExemption(
      LOADER_PROGRAM_ACCOUNT_SIZE,
    ),
  });
  const send = (instructions: TransactionInstruction[], signers: Keypair[]) =>
    sendAndConfirmTransaction(connection, new Transaction().add(...instructions), signers, {
      commitment: 'confirmed',
    });
  await send(plan.createBuffer, [payer, buffer]);
  await Promise.all(plan.writes.map((write) => send([write.instruction], [payer])));
  const signature = await send(plan.deploy, [payer, program]);
  // A loader-v3 program becomes invocable in the slot after its deployment.
  const status = await connection.getSignatureStatus(signature);
  const deployed = status.value?.slot ?? 0;
  while ((await connection.getSlot('confirmed')) <= deployed) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return program.publicKey;
}

/**
 * Starts a local chain on free ports (50 ms slots, in memory) with our program deployed, a
 * 6-decimal FBT mint of `tokenProgram` (SPL Token by default; Token-2022 as the seeded FBT)
 * whose supply the seller holds, and the seller funded with 1,000,000 SOL.
 */
export async function startDistributionChain(
  tokenProgram: PublicKey = TOKEN_PROGRAM_ID,
): Promise<DistributionChain> {
  const localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir: null, slotMs: 50 });
  // At 'confirmed', a request on a connection the node closed sent again (as the BFF's).
  const connection = createSolanaConnection({ rpcUrl: localnet.rpcUrl, wsUrl: localnet.wsUrl });
  const send = (instructions: TransactionInstruction[], signers: Keypair[]) =>
    sendAndConfirmTransaction(connection, new Transaction().add(...instructions), signers, {
      commitment: 'confirmed',
    });
  try {
    const seller = Keypair.generate();
    const airdrop = await connection.requestAirdrop(seller.publicKey, 1_000_000 * LAMPORTS_PER_SOL);
    await connection.confirmTransaction(
      { signature: airdrop, ...(await connection.getLatestBlockhash()) },
      'confirmed',
    );
    const programId = await deploy(connection, seller);
    const mint = await createMint(
      connection,
      seller,
      seller.publicKey,
      null,
      DECIMALS,
      undefined,
      { commitment: 'confirmed' },
      tokenProgram,
    );
    const source = await getOrCreateAssociatedTokenAccount(
      connection,
      seller,
      mint,
      seller.publicKey,
      false,
      'confirmed',
      undefined,
      tokenProgram,
    );
    await mintTo(
      connection,
      seller,
      mint,
      source.address,
      seller,
      SUPPLY,
      [],
      { commitment: 'confirmed' },
      tokenProgram,
    );
    const chain: DistributionChain = {
      localnet,
      connection,
      programId,
      mint,
      tokenProgram,
      seller,
      send,
      async fundedKeypairs(count, lamports) {
        const keypairs = Array.from({ length: count }, () => Keypair.generate());
        const chunks: Keypair[][] = [];
        for (let i = 0; i < keypairs.length; i += 20) chunks.push(keypairs.slice(i, i + 20));
        for (let i = 0; i < chunks.length; i += 16) {
          await Promise.all(
            chunks.slice(i, i + 16).map((chunk) =>
              send(
                chunk.map((keypair) =>
                  SystemProgram.transfer({
                    fromPubkey: seller.publicKey,
                    toPubkey: keypair.publicKey,
                    lamports,
                  }),
                ),
                [seller],
              ),
            ),
          );
        }
        return keypairs;
      },
      async createPresale(options) {
        const presale = Keypair.generate();
        const vault = Keypair.generate();
        const tokens =
          (options.limits.maxTotalBuyable * 10n ** BigInt(DECIMALS)) / TEST_TOKEN_PRICE;
        // The program takes at-completion buys only within a window that ends: a day by default.
        const atCompletion = (options.terms?.mode ?? 'at-completion') === 'at-completion';
        const saleEnd =
          options.saleEnd ?? (atCompletion ? BigInt(Math.floor(Date.now() / 1000)) + 86_400n : 0n);
        await send(
          [
            SystemProgram.createAccount({
              fromPubkey: seller.publicKey,
              newAccountPubkey: vault.publicKey,
              lamports: await connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE),
              space: ACCOUNT_SIZE,
              programId: tokenProgram,
            }),
            createInitializeAccount3Instruction(
              vault.publicKey,
              mint,
              seller.publicKey,
              tokenProgram,
            ),
            createTransferCheckedInstruction(
              source.address,
              mint,
              vault.publicKey,
              seller.publicKey,
              tokens,
              DECIMALS,
              [],
              tokenProgram,
            ),
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
              tempTokenAccount: vault.publicKey,
              mint,
              tokenProgram,
              tokenPrice: TEST_TOKEN_PRICE,
              ...options.limits,
              terms: options.terms ?? { mode: 'at-completion' },
            }),
            ...(saleEnd === 0n
              ? []
              : [
                  buildSetWindowInstruction({
                    programId,
                    seller: seller.publicKey,
                    presale: presale.publicKey,
                    start: 0n,
                    end: saleEnd,
                  }),
                ]),
          ],
          [seller, vault, presale],
        );
        return { presale: presale.publicKey, vault: vault.publicKey };
      },
      buy(sale, buyer, lamports) {
        return send(
          buildBuyInstructions({
            programId,
            presale: sale.presale,
            buyer: buyer.publicKey,
            seller: seller.publicKey,
            tempTokenAccount: sale.vault,
            mint,
            tokenProgram,
            lamports,
            createBuyerTokenAccount: true,
          }),
          [buyer],
        );
      },
      async buyAll(sale, buyers, lamports, parallel = 32) {
        for (let i = 0; i < buyers.length; i += parallel) {
          await Promise.all(
            buyers.slice(i, i + parallel).map((buyer) => chain.buy(sale, buyer, lamports)),
          );
        }
      },
      async createLookupTable(addresses) {
        const [create, table] = AddressLookupTableProgram.createLookupTable({
          authority: seller.publicKey,
          payer: seller.publicKey,
          recentSlot: await connection.getSlot('finalized'),
        });
        const extend = AddressLookupTableProgram.extendLookupTable({
          lookupTable: table,
          authority: seller.publicKey,
          payer: seller.publicKey,
          addresses: [...addresses],
        });
        const signature = await send([create, extend], [seller]);
        // Addresses appended in a slot are loadable from the next one.
        const landed = (await connection.getSignatureStatus(signature)).value?.slot ?? 0;
        while ((await connection.getSlot('confirmed')) <= landed) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const { value } = await connection.getAddressLookupTable(table, {
          commitment: 'confirmed',
        });
        if (value === null) throw new Error(`lookup table ${table.toBase58()} was not created`);
        return value;
      },
      async stop() {
        closeConnectionSocket(connection);
        await localnet.stop();
      },
    };
    return chain;
  } catch (error) {
    await localnet.stop();
    throw error;
  }
}

/** Lamports in one SOL, as a bigint. */
export { SOL };
