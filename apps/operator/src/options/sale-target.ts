import fs from 'node:fs';
import path from 'node:path';
import type { Deployment } from '@fbt/domain';
import type { PresaleAccount } from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import type { Connection, Keypair } from '@solana/web3.js';
import { OperatorError, usageError } from '../operator-error';
import { fetchPresale } from '../presale-admin';
import { readDeploymentFile } from '../seed';
import { CHAIN_OPTIONS, connectChain } from './chain';
import type { OptionSpecs } from './option-spec';
import { address, parseWith } from './validators';

/** The deployment file `npm start` writes (LOCALNET_DATA_DIR's default). */
export const DEFAULT_DEPLOYMENT_FILE = path.resolve(
  import.meta.dirname,
  '../../../../data/localnet/deployment.json',
);

const VARIANTS = ['public', 'private', 'leader'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * The presale a v2 sale-rule command acts on: `--presale public|private|leader` (looked up in
 * the deployment file) or `--presale <address>`, plus the cluster options.
 */
export const SALE_TARGET_OPTIONS = {
  presale: {
    type: 'string',
    value: '<variant|addr>',
    required: true,
    description: 'public, private or leader (from the deployment file), or a presale address',
  },
  deployment: {
    type: 'string',
    value: '<file>',
    description:
      'deployment file giving the variants, the program id and, without --url, the RPC URL (default $DEPLOYMENT_FILE, else <repo>/data/localnet/deployment.json)',
  },
  'program-id': {
    type: 'string',
    value: '<addr>',
    description: "the presale program (default: the deployment file's)",
  },
  ...CHAIN_OPTIONS,
} as const satisfies OptionSpecs;

/** Where a command's presale is and how to reach it. */
export interface SaleTarget {
  readonly connection: Connection;
  readonly programId: PublicKey;
  readonly presale: PublicKey;
  /** The deployment variant this presale is (given, or found by its address), if any. */
  readonly variant: Variant | null;
  /** The deployment file that was read, if one was needed. */
  readonly deploymentFile: string | null;
}

type SaleTargetValues = {
  readonly presale?: string;
  readonly deployment?: string;
  readonly 'program-id'?: string;
  readonly url?: string;
  readonly 'ws-url'?: string;
};

const isVariant = (text: string): text is Variant => (VARIANTS as readonly string[]).includes(text);

/**
 * Resolves `--presale`: a variant is looked up in the deployment file; an address is used as is
 * with `--program-id` or the file's program. The program id is never guessed from the account's
 * owner, so a mistyped address cannot make the seller sign for another program.
 */
export function openSaleTarget(
  values: SaleTargetValues,
  env: Readonly<Record<string, string | undefined>>,
): SaleTarget {
  if (values.presale === undefined) throw usageError('--presale is required');
  const text = values.presale;
  const variant = isVariant(text) ? text : null;
  if (variant === null && !address('--presale').safeParse(text).success) {
    throw usageError(
      `--presale must be public, private, leader or a base58 presale address, not ${JSON.stringify(text)}`,
    );
  }
  const programIdText =
    values['program-id'] === undefined
      ? undefined
      : parseWith(address('--program-id'), values['program-id']);
  const needsFile =
    variant !== null || programIdText === undefined || values.deployment !== undefined;
  const file = needsFile ? locateDeployment(values, env, variant, text) : null;
  const deployment = file === null ? null : readDeployment(file, values.deployment !== undefined);
  const presale = variant === null ? text : (deployment as Deployment).presales[variant].address;
  const programId = programIdText ?? (deployment as Deployment).programId;
  const chain = connectChain(values, env, deployment);
  return {
    connection: chain.connection,
    programId: new PublicKey(programId),
    presale: new PublicKey(presale),
    variant: variant ?? findVariant(deployment, presale),
    deploymentFile: file,
  };
}

function locateDeployment(
  values: SaleTargetValues,
  env: Readonly<Record<string, string | undefined>>,
  variant: Variant | null,
  presale: string,
): string {
  const given = values.deployment ?? env.DEPLOYMENT_FILE;
  const file = path.resolve(given ?? DEFAULT_DEPLOYMENT_FILE);
  if (fs.existsSync(file)) return file;
  const flag =
    values.deployment !== undefined
      ? '--deployment'
      : given !== undefined
        ? '$DEPLOYMENT_FILE'
        : 'the default deployment file';
  const why =
    variant !== null
      ? `--presale ${variant} is looked up in it; give --deployment <file> or a presale address with --program-id`
      : `it gives the program id of presale ${presale}; give --program-id <addr> or --deployment <file>`;
  throw usageError(`${flag} ${file}: no such file (${why})`);
}

function readDeployment(file: string, explicit: boolean): Deployment {
  try {
    return readDeploymentFile(file);
  } catch (error) {
    const message =
      error instanceof SyntaxError
        ? `${file} is not JSON: ${error.message}`
        : (error as Error).message;
    throw usageError(`${explicit ? '--deployment ' : ''}${message}`);
  }
}

function findVariant(deployment: Deployment | null, presale: string): Variant | null {
  if (deployment === null) return null;
  return VARIANTS.find((variant) => deployment.presales[variant].address === presale) ?? null;
}

/** Reads the presale (must exist, be ours and be initialized). */
export async function readSale(target: SaleTarget): Promise<PresaleAccount> {
  const state = await fetchPresale(target.connection, target.programId, target.presale);
  if (!state.isInitialized) {
    throw new OperatorError(`presale ${target.presale.toBase58()} is not initialized`);
  }
  return state;
}

/**
 * Reads the presale and checks that `seller` administers it, so a wrong keypair is refused
 * before anything is sent (a batch never half-runs on NotSeller).
 */
export async function readSaleAsSeller(
  target: SaleTarget,
  seller: Keypair,
): Promise<PresaleAccount> {
  const state = await readSale(target);
  if (state.sellerPubkey !== seller.publicKey.toBase58()) {
    throw new OperatorError(
      `--keypair ${seller.publicKey.toBase58()} is not the seller of presale ${target.presale.toBase58()} (its seller is ${state.sellerPubkey})`,
    );
  }
  return state;
}
