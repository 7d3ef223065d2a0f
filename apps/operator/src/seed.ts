import fs from 'node:fs';
import path from 'node:path';
import { LAMPORTS_PER_SOL, TOKEN_PRICE_LAMPORTS, deploymentSchema } from '@fbt/domain';
import type { DeclaredTermsJson, Deployment } from '@fbt/domain';
import { buildRegisterLeaderInstruction, findLeaderRecordAddress } from '@fbt/presale-client';
import type { PresaleLimits } from '@fbt/presale-client';
import { programSoPath } from '@fbt/presale-program';
import { type Connection, type Keypair, PublicKey } from '@solana/web3.js';
import { deployProgram } from './deploy';
import { loadOrCreateKeypair } from './keypair-file';
import { applyBuyLookupTable, planBuyLookupTable } from './lookup-table';
import { OperatorError } from './operator-error';
import { createPresale } from './presale-setup';
import { readChainTime } from './sale-window';
import { createSeedMint, DEFAULT_SEED_SITE_URL, type SeedTokenProgram } from './seed-mint';
import {
  DAY_SECONDS,
  declaredTermsOf,
  SEED_DELIVERY_TERMS,
  SEED_SALE_DAYS,
  type SeedDelivery,
} from './seed-terms';
import { sendInstructions } from './send';

/** The built program the local chain runs (sBPF v3, the format new deployments should use). */
export const DEFAULT_PROGRAM_PATH = programSoPath('v3');
export const DEPLOYMENT_FILE_NAME = 'deployment.json';
const SOL = LAMPORTS_PER_SOL;

/**
 * Limits of the three seeded presales (lamports). Their totals are the pages' targets: 100 SOL
 * public and 800 SOL leader; the private page's target is whatever its total is.
 */
export const SEED_PRESALES: Readonly<Record<'public' | 'private' | 'leader', PresaleLimits>> = {
  public: { minUserBuyable: SOL / 10n, maxUserBuyable: 10n * SOL, maxTotalBuyable: 100n * SOL },
  private: { minUserBuyable: SOL / 10n, maxUserBuyable: 10n * SOL, maxTotalBuyable: 250n * SOL },
  leader: { minUserBuyable: SOL / 10n, maxUserBuyable: 10n * SOL, maxTotalBuyable: 800n * SOL },
};

/**
 * Leader codes a fresh local chain has on its leader presale (RegisterLeader), all paid to the
 * seeded leader wallet (`wallets/leader-1.json`), so leader links, the leaderboard and claims
 * work at once on `npm start`.
 */
export const SEED_LEADER_CODES = ['fbt-team', 'fbtdemo'] as const;
const LEADER_WALLET_AIRDROP = 10n * SOL;
/** The keeper's fee payer on the local chain: enough for thousands of Distribute transactions. */
export const KEEPER_WALLET_AIRDROP = 10n * SOL;
const OPERATOR_AIRDROP = 1_000n * SOL;
const TEST_WALLET_AIRDROP = 100n * SOL;
const TEST_WALLETS = ['buyer-1', 'buyer-2', 'buyer-3'] as const;

/**
 * Where the seeding keeps its keypair files under `dataDir`: the operator (seller, upgrade
 * authority), the program id and the funded test wallets, in order. One place for the layout, so whatever reads
 * the wallets back (the stack, its tests, the banner) cannot drift from what was written.
 */
export function seededWalletFiles(dataDir: string): {
  operator: string;
  program: string;
  buyers: string[];
  /** The wallet the seeded leader codes pay (claims their commission). */
  leader: string;
  /** The BFF keeper's fee payer (finalizes and distributes the presales at completion). */
  keeper: string;
} {
  const walletsDir = path.join(dataDir, 'wallets');
  return {
    operator: path.join(walletsDir, 'operator.json'),
    program: path.join(walletsDir, 'program.json'),
    buyers: TEST_WALLETS.map((name) => path.join(walletsDir, `${name}.json`)),
    leader: path.join(walletsDir, 'leader-1.json'),
    keeper: path.join(walletsDir, 'keeper.json'),
  };
}

/** A leader code the seeding registered on the leader presale. */
export interface SeededLeader {
  readonly code: string;
  /** The wallet the code pays. */
  readonly wallet: string;
  /** Its leader record (PDA `["leader", presale, code]`). */
  readonly record: string;
}

/** What the seeding wrote: the BFF's deployment plus the local wallets. */
export type SeedDeployment = Deployment & {
  seller: string;
  testWallets: { name: string; address: string; keypairFile: string; sol: string }[];
  /** The leader codes registered on chain for the leader presale. */
  leaders: SeededLeader[];
  /** How the seeded presales deliver their FBT. */
  delivery: SeedDelivery;
  /** The BFF keeper's fee payer (`wallets/keeper.json`), never a seller. */
  keeper: string;
  createdAt: string;
};

export interface SeedOptions {
  connection: Connection;
  rpcUrl: string;
  wsUrl: string;
  dataDir: string;
  programPath?: string;
  privateRouteName?: string;
  /**
   * How the seeded presales deliver (default `instant`; `npm start` and `seed-local` seed
   * `at-completion`, with {@link SEED_DELIVERY_TERMS}).
   */
  delivery?: SeedDelivery;
  /** The FBT mint's token program (default `token-2022`, with metadata; `spl-token`: none). */
  tokenProgram?: SeedTokenProgram;
  /**
   * The site whose metadata document (`<siteUrl>/token/fbt.json`) a Token-2022 FBT names as its
   * `uri`, also written as the deployment's `metadataUri` (default {@link DEFAULT_SEED_SITE_URL}).
   */
  siteUrl?: string;
  log?: (line: string) => void;
}

async function airdrop(connection: Connection, to: PublicKey, lamports: bigint): Promise<void> {
  const signature = await connection.requestAirdrop(to, Number(lamports));
  const latest = await connection.getLatestBlockhash('confirmed');
  const result = await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
  if (result.value.err !== null)
    throw new OperatorError(
      `airdrop to ${to.toBase58()} failed: ${JSON.stringify(result.value.err)}`,
    );
}

/** Reads an existing deployment file, validated against the BFF's schema. */
export function readDeploymentFile(file: string): Deployment {
  const parsed = deploymentSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new OperatorError(
      `${file} is not a valid deployment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

/**
 * Seeds a fresh local chain once: operator, test and keeper wallets (keypairs in
 * `<dataDir>/wallets`), the program through the upgradeable loader (then immutable: no upgrade
 * authority), the FBT mint with its fixed 100M supply (Token-2022 with its metadata unless
 * asked for a classic mint), the public, private and leader presales
 * (instant, or at completion with {@link SEED_DELIVERY_TERMS}), the leader codes and the buys'
 * address lookup table. Writes `<dataDir>/deployment.json` last, so its presence means seeding
 * finished; when it exists, nothing is done and it is returned as is.
 */
export async function seedLocalChain(
  options: SeedOptions,
): Promise<{ deployment: Deployment; created: boolean; file: string }> {
  const { connection, dataDir } = options;
  const log = options.log ?? (() => undefined);
  const file = path.join(dataDir, DEPLOYMENT_FILE_NAME);
  if (fs.existsSync(file)) return { deployment: readDeploymentFile(file), created: false, file };

  const programPath = options.programPath ?? DEFAULT_PROGRAM_PATH;
  if (!fs.existsSync(programPath)) {
    throw new OperatorError(
      `program binary ${programPath} is missing: build it with \`npm run build -w @fbt/presale-program\``,
    );
  }
  const walletFiles = seededWalletFiles(dataDir);
  const operator = loadOrCreateKeypair(walletFiles.operator);
  log(`funding operator ${operator.publicKey.toBase58()}`);
  await airdrop(connection, operator.publicKey, OPERATOR_AIRDROP);

  const programKeypair = loadOrCreateKeypair(walletFiles.program);
  const existing = await connection.getAccountInfo(programKeypair.publicKey, 'confirmed');
  const programId = programKeypair.publicKey;
  if (existing?.executable === true) {
    // an earlier seeding was interrupted after the deploy: keep that program
    log(`program ${programId.toBase58()} already deployed`);
  } else {
    log(`deploying ${path.basename(programPath)}`);
    const deployed = await deployProgram({
      connection,
      payer: operator,
      elf: new Uint8Array(fs.readFileSync(programPath)),
      programKeypair,
      final: true,
      onProgress: (line) => log(`  ${line}`),
    });
    log(`program ${programId.toBase58()} (${deployed.transactions} transactions)`);
  }

  const delivery = options.delivery ?? 'instant';
  const { mint, metadataUri } = await createSeedMint(connection, operator, {
    tokenProgram: options.tokenProgram ?? 'token-2022',
    siteUrl: options.siteUrl ?? DEFAULT_SEED_SITE_URL,
  });
  log(
    `FBT mint ${mint.toBase58()} (100,000,000 FBT, mint authority revoked, ${metadataUri === null ? 'SPL Token, no metadata' : `Token-2022, metadata ${metadataUri}`})`,
  );

  const presales = await createSeedPresales(connection, {
    programId,
    operator,
    mint,
    delivery,
    log,
  });

  const testWallets: SeedDeployment['testWallets'] = [];
  for (const [index, name] of TEST_WALLETS.entries()) {
    const keypairFile = walletFiles.buyers[index]!;
    const wallet = loadOrCreateKeypair(keypairFile);
    await airdrop(connection, wallet.publicKey, TEST_WALLET_AIRDROP);
    testWallets.push({ name, address: wallet.publicKey.toBase58(), keypairFile, sol: '100' });
  }

  const keeper = await ensureKeeperWallet(connection, dataDir);
  log(`keeper fee payer ${keeper.toBase58()} (${path.relative(dataDir, walletFiles.keeper)})`);

  const leaderWallet = loadOrCreateKeypair(walletFiles.leader);
  await airdrop(connection, leaderWallet.publicKey, LEADER_WALLET_AIRDROP);
  const leaders = await registerSeedLeaders(connection, {
    programId,
    seller: operator,
    presale: new PublicKey(presales.leader.address),
    wallet: leaderWallet.publicKey,
  });
  log(`leader codes ${SEED_LEADER_CODES.join(', ')} (paying ${leaderWallet.publicKey.toBase58()})`);

  const table = await applyBuyLookupTable(
    connection,
    await planBuyLookupTable({
      connection,
      programId,
      presales: Object.values(presales).map((presale) => new PublicKey(presale.address)),
      authority: operator.publicKey,
    }),
    operator,
  );
  log(`lookup table ${table.table.toBase58()} (${table.addresses.length} addresses)`);

  const deployment: SeedDeployment = {
    cluster: 'localnet',
    rpcUrl: options.rpcUrl,
    wsUrl: options.wsUrl,
    programId: programId.toBase58(),
    mint: mint.toBase58(),
    privateRouteName: options.privateRouteName ?? 'private',
    presales,
    lookupTable: table.table.toBase58(),
    ...(metadataUri === null ? {} : { metadataUri }),
    seller: operator.publicKey.toBase58(),
    testWallets,
    leaders,
    delivery,
    keeper: keeper.toBase58(),
    createdAt: new Date().toISOString(),
  };
  const checked = deploymentSchema.safeParse(deployment);
  if (!checked.success)
    throw new OperatorError(
      `seeded deployment does not match the BFF schema: ${checked.error.message}`,
    );
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(deployment, null, 2)}\n`);
  fs.renameSync(tmp, file);
  return { deployment, created: true, file };
}

/** The public, private and leader presales of a seeding, as the deployment file names them. */
async function createSeedPresales(
  connection: Connection,
  seed: {
    programId: PublicKey;
    operator: Keypair;
    mint: PublicKey;
    delivery: SeedDelivery;
    log: (line: string) => void;
  },
): Promise<
  Record<
    'public' | 'private' | 'leader',
    { address: string; tempTokenAccount: string; terms: DeclaredTermsJson }
  >
> {
  const presales = {} as Record<
    'public' | 'private' | 'leader',
    { address: string; tempTokenAccount: string; terms: DeclaredTermsJson }
  >;
  // At completion the program needs a window's end: a year from now, so a sale ends even if
  // it never sells out.
  const end = (await readChainTime(connection)) + BigInt(SEED_SALE_DAYS * DAY_SECONDS);
  for (const variant of ['public', 'private', 'leader'] as const) {
    const created = await createPresale({
      connection,
      programId: seed.programId,
      seller: seed.operator,
      mint: seed.mint,
      tokenPrice: TOKEN_PRICE_LAMPORTS,
      limits: SEED_PRESALES[variant],
      ...(seed.delivery === 'at-completion'
        ? { terms: SEED_DELIVERY_TERMS[variant], window: { start: 0n, end } }
        : {}),
    });
    presales[variant] = {
      address: created.presale.toBase58(),
      tempTokenAccount: created.tempTokenAccount.toBase58(),
      terms:
        seed.delivery === 'at-completion'
          ? declaredTermsOf(SEED_DELIVERY_TERMS[variant])
          : { delivery: 'instant' },
    };
    seed.log(`${variant} presale ${created.presale.toBase58()} (${seed.delivery})`);
  }
  return presales;
}

/**
 * The local chain's keeper fee payer (`<dataDir>/wallets/keeper.json`, made when missing), topped
 * up to {@link KEEPER_WALLET_AIRDROP} when it holds less than half of it: a chain seeded before
 * the keeper existed gets one on its next start.
 */
export async function ensureKeeperWallet(
  connection: Connection,
  dataDir: string,
): Promise<PublicKey> {
  const keeper = loadOrCreateKeypair(seededWalletFiles(dataDir).keeper);
  const balance = BigInt(await connection.getBalance(keeper.publicKey, 'confirmed'));
  if (balance < KEEPER_WALLET_AIRDROP / 2n)
    await airdrop(connection, keeper.publicKey, KEEPER_WALLET_AIRDROP);
  return keeper.publicKey;
}

/** Registers {@link SEED_LEADER_CODES} on the leader presale, all paying `wallet`. */
async function registerSeedLeaders(
  connection: Connection,
  target: { programId: PublicKey; seller: Keypair; presale: PublicKey; wallet: PublicKey },
): Promise<SeededLeader[]> {
  const { programId, seller, presale, wallet } = target;
  await sendInstructions(
    connection,
    'register the seeded leader codes',
    SEED_LEADER_CODES.map((code) =>
      buildRegisterLeaderInstruction({
        programId,
        seller: seller.publicKey,
        presale,
        code,
        leaderWallet: wallet,
      }),
    ),
    [seller],
  );
  return SEED_LEADER_CODES.map((code) => ({
    code,
    wallet: wallet.toBase58(),
    record: findLeaderRecordAddress(programId, presale, code)[0].toBase58(),
  }));
}

/**
 * The leader codes a seeding registered (from its deployment file); none for a deployment the
 * seeding did not write, or one written before it registered leaders.
 */
export function readSeededLeaders(file: string): SeededLeader[] {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { leaders?: unknown };
  if (!Array.isArray(raw.leaders)) return [];
  return raw.leaders.filter(
    (leader): leader is SeededLeader =>
      typeof leader === 'object' &&
      leader !== null &&
      typeof (leader as SeededLeader).code === 'string' &&
      typeof (leader as SeededLeader).wallet === 'string' &&
      typeof (leader as SeededLeader).record === 'string',
  );
}
