import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  clusterFromEndpoint,
  type Deployment,
  FBT_DECIMALS,
  formatSol,
  isValidLeaderCode,
  parseSolAmount,
  TOKEN_PRICE_LAMPORTS,
  U64_MAX,
} from '@fbt/domain';
import { createSqliteLeaderLedger } from '@fbt/adapters';
import { Connection, PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import {
  createFbtMint,
  createPresale,
  getPresaleStatus,
  setPresaleActive,
  updatePresaleLimits,
  withdrawUnsold,
} from './actions';
import { deployProgram } from './deploy';
import { readKeypairFile } from './keypair-file';
import { EXIT_CODE, OperatorError, usageError } from './operator-error';
import { DEFAULT_PROGRAM_PATH, readDeploymentFile, seedLocalChain } from './seed';

/** Where output goes; tests pass buffers. */
export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  env: Readonly<Record<string, string | undefined>>;
}

const DEFAULT_URL = 'http://127.0.0.1:8899';
/** `fund` tops up developer wallets; a million SOL is far beyond any test and a safe number. */
const MAX_FUND_LAMPORTS = 1_000_000n * 1_000_000_000n;
/** The BFF's SQLite ledger as `npm start` runs it: <repo>/data/ledger.sqlite. */
const DEFAULT_LEDGER_DB = path.resolve(import.meta.dirname, '../../../data/ledger.sqlite');

const USAGE = `Usage: operator <command> [options]

Commands (all take --url <rpc> [default ${DEFAULT_URL} or $SOLANA_RPC_URL] and --ws-url <ws>):
  deploy           --keypair <file> [--program <file.so>] [--program-keypair <file>]
  create-mint      --keypair <file> [--decimals 6] [--supply 100000000] [--keep-mint-authority]
  create-presale   --keypair <file> --program-id <addr> --mint <addr> --min-sol <n> --max-sol <n>
                   --max-total-sol <n> [--price-lamports 50000] [--fund-tokens <whole FBT>] [--inactive]
  set-active       --keypair <file> --program-id <addr> --presale <addr> --active true|false
  update-limits    --keypair <file> --program-id <addr> --presale <addr> --min-sol <n> --max-sol <n> --max-total-sol <n>
  withdraw-unsold  --keypair <file> --program-id <addr> --presale <addr> [--destination <token account>]
  status           --program-id <addr> --presale <addr>
  (set-active, update-limits, withdraw-unsold and status also take --deployment <file>
   --variant public|private|leader instead of --program-id/--presale, and its RPC URL)
  seed-local       --data-dir <dir> [--program <file.so>] [--private-route private]
  fund             --wallet <addr> [--sol 10]   (local chain only: airdrops SOL, e.g. to the
                   site's Local Burner wallet)
  register-leader  --code <code> --wallet <addr> [--db <sqlite file>, default $DATABASE_PATH or data/ledger.sqlite]
  set-goal         --community telegram|twitter --count <n> [--db <sqlite file>]
Exit codes: 0 ok, 1 the operation failed, 2 bad arguments.`;

const OPTIONS = {
  url: { type: 'string' },
  'ws-url': { type: 'string' },
  keypair: { type: 'string' },
  program: { type: 'string' },
  'program-keypair': { type: 'string' },
  'program-id': { type: 'string' },
  decimals: { type: 'string' },
  supply: { type: 'string' },
  'keep-mint-authority': { type: 'boolean' },
  mint: { type: 'string' },
  presale: { type: 'string' },
  'min-sol': { type: 'string' },
  'max-sol': { type: 'string' },
  'max-total-sol': { type: 'string' },
  'price-lamports': { type: 'string' },
  'fund-tokens': { type: 'string' },
  inactive: { type: 'boolean' },
  active: { type: 'string' },
  destination: { type: 'string' },
  'data-dir': { type: 'string' },
  'private-route': { type: 'string' },
  code: { type: 'string' },
  wallet: { type: 'string' },
  community: { type: 'string' },
  count: { type: 'string' },
  sol: { type: 'string' },
  db: { type: 'string' },
  deployment: { type: 'string' },
  variant: { type: 'string' },
  help: { type: 'boolean' },
} as const;

type Values = Partial<Record<keyof typeof OPTIONS, string | boolean>>;

const COMMANDS: Record<string, readonly (keyof typeof OPTIONS)[]> = {
  deploy: ['keypair', 'program', 'program-keypair'],
  'create-mint': ['keypair', 'decimals', 'supply', 'keep-mint-authority'],
  'create-presale': [
    'keypair',
    'program-id',
    'mint',
    'min-sol',
    'max-sol',
    'max-total-sol',
    'price-lamports',
    'fund-tokens',
    'inactive',
  ],
  'set-active': ['keypair', 'program-id', 'presale', 'deployment', 'variant', 'active'],
  'update-limits': [
    'keypair',
    'program-id',
    'presale',
    'deployment',
    'variant',
    'min-sol',
    'max-sol',
    'max-total-sol',
  ],
  'withdraw-unsold': ['keypair', 'program-id', 'presale', 'deployment', 'variant', 'destination'],
  status: ['program-id', 'presale', 'deployment', 'variant'],
  'seed-local': ['data-dir', 'program', 'private-route'],
  fund: ['wallet', 'sol'],
  'register-leader': ['code', 'wallet', 'db'],
  'set-goal': ['community', 'count', 'db'],
};
const CHAIN_OPTIONS = ['url', 'ws-url'] as const;
const OFF_CHAIN = new Set(['register-leader', 'set-goal']);

const address = (flag: string) =>
  z.string({ error: `${flag} is required` }).refine((text) => {
    try {
      return new PublicKey(text).toBase58() === text;
    } catch {
      return false;
    }
  }, `${flag} must be a base58 Solana address`);

const solAmount = (flag: string) =>
  z.string({ error: `${flag} is required` }).transform((text, ctx) => {
    const parsed = parseSolAmount(text);
    if (!parsed.ok) {
      const why: Record<string, string> = {
        AMOUNT__EMPTY: 'is empty',
        AMOUNT__NOT_A_NUMBER: 'is not a number',
        AMOUNT__NEGATIVE: 'must not be negative',
        AMOUNT__EXPONENT: 'must be a plain decimal (no exponent)',
        AMOUNT__TOO_MANY_DECIMALS: 'has more than 9 decimals (below one lamport)',
        AMOUNT__OUT_OF_RANGE: 'is too large',
      };
      ctx.addIssue({
        code: 'custom',
        message: `${flag} ${why[parsed.code] ?? 'is invalid'}: ${JSON.stringify(text)}`,
      });
      return z.NEVER;
    }
    return parsed.lamports;
  });

const positiveInteger = (flag: string, max: bigint) =>
  z
    .string({ error: `${flag} is required` })
    .regex(/^\d+$/, `${flag} must be a whole number`)
    .transform((text) => BigInt(text))
    .refine((value) => value > 0n && value <= max, `${flag} must be between 1 and ${max}`);

const flagText = (flag: string) =>
  z.string({ error: `${flag} is required` }).min(1, `${flag} must not be empty`);

function parseWith<T>(schema: z.ZodType<T>, values: unknown): T {
  const parsed = schema.safeParse(values);
  if (!parsed.success)
    throw usageError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  return parsed.data;
}

const limitsSchema = z
  .object({
    'min-sol': solAmount('--min-sol'),
    'max-sol': solAmount('--max-sol'),
    'max-total-sol': solAmount('--max-total-sol'),
  })
  .superRefine((v, ctx) => {
    if (v['min-sol'] === 0n)
      ctx.addIssue({ code: 'custom', message: '--min-sol must be greater than 0' });
    if (v['min-sol'] > v['max-sol'])
      ctx.addIssue({ code: 'custom', message: '--min-sol must not exceed --max-sol' });
    if (v['max-sol'] > v['max-total-sol'])
      ctx.addIssue({ code: 'custom', message: '--max-sol must not exceed --max-total-sol' });
  })
  .transform((v) => ({
    minUserBuyable: v['min-sol'],
    maxUserBuyable: v['max-sol'],
    maxTotalBuyable: v['max-total-sol'],
  }));

function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
}

function readProgramFile(file: string): Uint8Array {
  try {
    return new Uint8Array(fs.readFileSync(file));
  } catch (error) {
    throw usageError(
      `--program ${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

/**
 * Runs one operator command. Returns the exit code: 0 on success, 1 when the operation failed,
 * 2 for bad arguments (with a precise message on stderr).
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof OperatorError) {
      io.stderr(`operator: ${error.message}`);
      for (const line of error.logs) io.stderr(`  | ${line}`);
      if (error.exitCode === EXIT_CODE.usage) io.stderr(`Run \`operator --help\` for usage.`);
      return error.exitCode;
    }
    io.stderr(`operator: unexpected failure: ${(error as Error)?.stack ?? String(error)}`);
    return EXIT_CODE.failure;
  }
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageError((error as Error).message);
  }
  const values = parsed.values as Values;
  const [command, ...extra] = parsed.positionals;
  if (values.help === true || command === 'help') {
    io.stdout(USAGE);
    return EXIT_CODE.ok;
  }
  if (command === undefined)
    throw usageError(`missing command; one of: ${Object.keys(COMMANDS).join(', ')}`);
  const allowed = COMMANDS[command];
  if (allowed === undefined)
    throw usageError(
      `unknown command ${JSON.stringify(command)}; one of: ${Object.keys(COMMANDS).join(', ')}`,
    );
  if (extra.length > 0) throw usageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  const permitted = new Set<string>([
    ...allowed,
    ...(OFF_CHAIN.has(command) ? [] : CHAIN_OPTIONS),
    'help',
  ]);
  for (const key of Object.keys(values)) {
    if (!permitted.has(key)) throw usageError(`--${key} does not apply to ${command}`);
  }

  if (command === 'register-leader' || command === 'set-goal')
    return runLedgerCommand(command, values, io);

  const deployment = readDeploymentOption(values);
  const url = parseWith(
    z.string().url('--url must be an http(s) URL'),
    (values.url as string | undefined) ??
      io.env.SOLANA_RPC_URL ??
      deployment?.file.rpcUrl ??
      DEFAULT_URL,
  );
  const wsUrl =
    values['ws-url'] === undefined
      ? values.url === undefined
        ? deployment?.file.wsUrl
        : undefined
      : parseWith(z.string().url('--ws-url must be a ws(s) URL'), values['ws-url']);
  const connection = new Connection(url, {
    commitment: 'confirmed',
    ...(wsUrl === undefined ? {} : { wsEndpoint: wsUrl }),
  });
  const keypair = () => readKeypairFile(parseWith(flagText('--keypair'), values.keypair));
  const programId = () =>
    new PublicKey(
      values['program-id'] === undefined && deployment !== null
        ? deployment.file.programId
        : parseWith(address('--program-id'), values['program-id']),
    );
  const presale = () =>
    new PublicKey(
      values.presale === undefined && deployment !== null
        ? deployment.presale
        : parseWith(address('--presale'), values.presale),
    );

  switch (command) {
    case 'deploy': {
      const payer = keypair();
      const elf = readProgramFile((values.program as string | undefined) ?? DEFAULT_PROGRAM_PATH);
      const programKeypair =
        values['program-keypair'] === undefined
          ? undefined
          : readKeypairFile(values['program-keypair'] as string);
      const result = await deployProgram({
        connection,
        payer,
        elf,
        ...(programKeypair === undefined ? {} : { programKeypair }),
        onProgress: (line) => io.stderr(line),
      });
      io.stdout(
        stringify({
          programId: result.programId.toBase58(),
          programData: result.programData.toBase58(),
          transactions: result.transactions,
        }),
      );
      return EXIT_CODE.ok;
    }
    case 'create-mint': {
      const options = parseWith(
        z.object({
          decimals: z
            .string()
            .regex(/^\d+$/, '--decimals must be a whole number')
            .transform(Number)
            .refine((n) => n <= 9, '--decimals must be 0-9')
            .optional(),
          supply: positiveInteger('--supply', U64_MAX).optional(),
        }),
        { decimals: values.decimals, supply: values.supply },
      );
      const decimals = options.decimals ?? FBT_DECIMALS;
      if (options.supply !== undefined && options.supply * 10n ** BigInt(decimals) > U64_MAX) {
        throw usageError(`--supply ${options.supply} with ${decimals} decimals exceeds a u64`);
      }
      const payer = keypair();
      const result = await createFbtMint({
        connection,
        payer,
        decimals,
        ...(options.supply === undefined ? {} : { supply: options.supply }),
        keepMintAuthority: values['keep-mint-authority'] === true,
      });
      io.stdout(
        stringify({
          mint: result.mint.toBase58(),
          treasury: result.treasury.toBase58(),
          signature: result.signature,
        }),
      );
      return EXIT_CODE.ok;
    }
    case 'create-presale': {
      const limits = parseWith(limitsSchema, values);
      const price =
        values['price-lamports'] === undefined
          ? TOKEN_PRICE_LAMPORTS
          : parseWith(positiveInteger('--price-lamports', U64_MAX), values['price-lamports']);
      const fundWhole =
        values['fund-tokens'] === undefined
          ? undefined
          : parseWith(positiveInteger('--fund-tokens', U64_MAX), values['fund-tokens']);
      const mint = new PublicKey(parseWith(address('--mint'), values.mint));
      const pid = programId();
      const seller = keypair();
      const result = await createPresale({
        connection,
        programId: pid,
        seller,
        mint,
        tokenPrice: price,
        limits,
        ...(fundWhole === undefined ? {} : { fundTokens: fundWhole * 10n ** BigInt(FBT_DECIMALS) }),
        active: values.inactive !== true,
      });
      io.stdout(
        stringify({
          presale: result.presale.toBase58(),
          tempTokenAccount: result.tempTokenAccount.toBase58(),
          authority: result.authority.toBase58(),
          fundedTokens: result.fundedTokens,
          signature: result.signature,
        }),
      );
      return EXIT_CODE.ok;
    }
    case 'set-active': {
      const active =
        parseWith(
          z.enum(['true', 'false'], { error: '--active must be true or false' }),
          values.active,
        ) === 'true';
      const pid = programId();
      const target = presale();
      const signature = await setPresaleActive({
        connection,
        programId: pid,
        seller: keypair(),
        presale: target,
        active,
      });
      io.stdout(stringify({ presale: target.toBase58(), active, signature }));
      return EXIT_CODE.ok;
    }
    case 'update-limits': {
      const limits = parseWith(limitsSchema, values);
      const pid = programId();
      const target = presale();
      const signature = await updatePresaleLimits({
        connection,
        programId: pid,
        seller: keypair(),
        presale: target,
        limits,
      });
      io.stdout(
        stringify({
          presale: target.toBase58(),
          minUserBuyable: formatSol(limits.minUserBuyable),
          maxUserBuyable: formatSol(limits.maxUserBuyable),
          maxTotalBuyable: formatSol(limits.maxTotalBuyable),
          signature,
        }),
      );
      return EXIT_CODE.ok;
    }
    case 'withdraw-unsold': {
      const pid = programId();
      const target = presale();
      const destination =
        values.destination === undefined
          ? undefined
          : new PublicKey(parseWith(address('--destination'), values.destination));
      const result = await withdrawUnsold({
        connection,
        programId: pid,
        seller: keypair(),
        presale: target,
        ...(destination === undefined ? {} : { destination }),
      });
      io.stdout(
        stringify({
          presale: target.toBase58(),
          destination: result.destination.toBase58(),
          withdrawnBaseUnits: result.amount,
          signature: result.signature,
        }),
      );
      return EXIT_CODE.ok;
    }
    case 'status': {
      io.stdout(stringify(await getPresaleStatus(connection, programId(), presale())));
      return EXIT_CODE.ok;
    }
    case 'seed-local': {
      if (clusterFromEndpoint(url) !== 'localnet') {
        throw usageError(`seed-local only seeds a local chain (a loopback --url), not ${url}`);
      }
      const dataDir = path.resolve(parseWith(flagText('--data-dir'), values['data-dir']));
      const route = parseWith(
        z
          .string()
          .regex(
            /^[a-z0-9-]{1,32}$/,
            '--private-route must be 1-32 lowercase letters, digits or dashes',
          ),
        values['private-route'] ?? 'private',
      );
      const result = await seedLocalChain({
        connection,
        rpcUrl: url,
        wsUrl:
          wsUrl ??
          url
            .replace(/^http/, 'ws')
            .replace(
              /:(\d+)(\/?)$/,
              (_m, port: string, slash: string) => `:${Number(port) + 1}${slash}`,
            ),
        dataDir,
        ...(values.program === undefined ? {} : { programPath: values.program as string }),
        privateRouteName: route,
        log: (line) => io.stderr(line),
      });
      io.stdout(stringify({ file: result.file, created: result.created, ...result.deployment }));
      return EXIT_CODE.ok;
    }
    case 'fund': {
      if (clusterFromEndpoint(url) !== 'localnet') {
        throw usageError(`fund only airdrops on a local chain (a loopback --url), not ${url}`);
      }
      const wallet = new PublicKey(parseWith(address('--wallet'), values.wallet));
      const lamports = parseWith(
        solAmount('--sol').refine(
          (value) => value > 0n && value <= MAX_FUND_LAMPORTS,
          `--sol must be more than 0 and at most ${formatSol(MAX_FUND_LAMPORTS)} SOL`,
        ),
        values.sol ?? '10',
      );
      const signature = await connection.requestAirdrop(wallet, Number(lamports));
      await waitForConfirmed(connection, signature, `airdrop ${signature}`);
      const balance = BigInt(await connection.getBalance(wallet, 'confirmed'));
      io.stdout(
        stringify({
          wallet: wallet.toBase58(),
          lamports,
          balance,
          balanceDisplay: `${formatSol(balance)} SOL`,
          signature,
        }),
      );
      return EXIT_CODE.ok;
    }
    default:
      throw usageError(`unknown command ${JSON.stringify(command)}`);
  }
}

/**
 * Polls the signature's status until 'confirmed' (no websocket needed, so a chain on any ports
 * works with just --url); fails on a transaction error or after `timeoutMs`.
 */
async function waitForConfirmed(
  connection: Connection,
  signature: string,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    if (status?.err) throw new OperatorError(`${what} failed: ${stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return;
    if (Date.now() > deadline)
      throw new OperatorError(`${what} was not confirmed within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `--deployment <file> --variant public|private|leader`: take the program id, the presale and
 * (without --url) the RPC URL from a deployment file, e.g. data/localnet/deployment.json.
 */
function readDeploymentOption(values: Values): { file: Deployment; presale: string } | null {
  if (values.deployment === undefined) {
    if (values.variant !== undefined) throw usageError('--variant needs --deployment <file>');
    return null;
  }
  const file = path.resolve(values.deployment as string);
  if (!fs.existsSync(file)) throw usageError(`--deployment ${file}: no such file`);
  const variant = parseWith(
    z.enum(['public', 'private', 'leader'], {
      error: '--variant must be public, private or leader (with --deployment)',
    }),
    values.variant,
  );
  let deployment: Deployment;
  try {
    deployment = readDeploymentFile(file);
  } catch (error) {
    throw usageError(`--deployment ${(error as Error).message}`);
  }
  return { file: deployment, presale: deployment.presales[variant].address };
}

async function runLedgerCommand(
  command: 'register-leader' | 'set-goal',
  values: Values,
  io: CliIo,
): Promise<number> {
  const dbPath = path.resolve(
    (values.db as string | undefined) ?? io.env.DATABASE_PATH ?? DEFAULT_LEDGER_DB,
  );
  if (command === 'register-leader') {
    const input = parseWith(
      z.object({
        code: z
          .string({ error: '--code is required' })
          .refine(isValidLeaderCode, '--code must be 3-32 letters, digits, "_" or "-"'),
        wallet: address('--wallet'),
      }),
      { code: values.code, wallet: values.wallet },
    );
    const ledger = createSqliteLeaderLedger({ path: dbPath });
    try {
      const existing = await ledger.findLeader(input.code);
      if (existing !== null && existing.wallet !== input.wallet) {
        throw new OperatorError(
          `leader code ${JSON.stringify(input.code)} is already registered to ${existing.wallet}`,
        );
      }
      const leader = await ledger.registerLeader(input);
      io.stdout(stringify({ db: dbPath, ...leader, created: existing === null }));
    } finally {
      await ledger.close();
    }
    return EXIT_CODE.ok;
  }
  const input = parseWith(
    z.object({
      community: z.enum(['telegram', 'twitter'], {
        error: '--community must be telegram or twitter',
      }),
      count: z
        .string({ error: '--count is required' })
        .regex(/^\d+$/, '--count must be a whole number >= 0')
        .transform(Number)
        .refine(
          (n) => Number.isSafeInteger(n) && n <= 1_000_000_000,
          '--count must be at most 1000000000',
        ),
    }),
    { community: values.community, count: values.count },
  );
  const ledger = createSqliteLeaderLedger({ path: dbPath });
  try {
    await ledger.setOperatorCount(input.community, input.count);
    io.stdout(
      stringify({
        db: dbPath,
        community: input.community,
        count: await ledger.getOperatorCount(input.community),
      }),
    );
  } finally {
    await ledger.close();
  }
  return EXIT_CODE.ok;
}
