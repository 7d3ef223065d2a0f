import fs from 'node:fs';
import path from 'node:path';
import type { Deployment } from '@fbt/domain';
import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import { usageError } from '../operator-error';
import { readDeploymentFile } from '../seed';
import type { OptionSpecs } from './option-spec';
import { address, parseWith } from './validators';

/**
 * The presale a day-to-day command acts on: given outright (`--program-id`, `--presale`) or
 * picked from a deployment file, so the seeded local presales need no copied addresses.
 */
export const PRESALE_TARGET_OPTIONS = {
  'program-id': {
    type: 'string',
    value: '<addr>',
    required: true,
    description: 'the presale program (or take it from --deployment)',
  },
  presale: {
    type: 'string',
    value: '<addr>',
    required: true,
    description: 'the presale account (or take it from --deployment)',
  },
  deployment: {
    type: 'string',
    value: '<file>',
    description: 'a deployment file, e.g. data/localnet/deployment.json',
  },
  variant: {
    type: 'string',
    value: 'public|private|leader',
    description: "which of the deployment file's presales (with --deployment)",
  },
} as const satisfies OptionSpecs;

/** The help notes of every command that takes {@link PRESALE_TARGET_OPTIONS}. */
export const PRESALE_TARGET_NOTES = [
  '--deployment <file> --variant public|private|leader stands for --program-id and --presale',
  'and, without --url, for the RPC and websocket URLs.',
] as const;

/** A deployment file and the address of the presale `--variant` chose in it. */
export interface DeploymentTarget {
  file: Deployment;
  presale: string;
}

/**
 * `--deployment <file> --variant public|private|leader`: take the program id, the presale and
 * (without --url) the RPC URL from a deployment file, e.g. data/localnet/deployment.json.
 */
export function readDeploymentOption(values: {
  readonly deployment?: string;
  readonly variant?: string;
}): DeploymentTarget | null {
  if (values.deployment === undefined) {
    if (values.variant !== undefined) throw usageError('--variant needs --deployment <file>');
    return null;
  }
  const file = path.resolve(values.deployment);
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

/** `--program-id`, else the deployment file's program. */
export function resolveProgramId(
  values: { readonly 'program-id'?: string },
  deployment: DeploymentTarget | null,
): PublicKey {
  return new PublicKey(
    values['program-id'] === undefined && deployment !== null
      ? deployment.file.programId
      : parseWith(address('--program-id'), values['program-id']),
  );
}

/** `--presale`, else the deployment file's presale of the chosen variant. */
export function resolvePresale(
  values: { readonly presale?: string },
  deployment: DeploymentTarget | null,
): PublicKey {
  return new PublicKey(
    values.presale === undefined && deployment !== null
      ? deployment.presale
      : parseWith(address('--presale'), values.presale),
  );
}
