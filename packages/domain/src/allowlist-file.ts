import { z } from 'zod';
import { isAddress } from './address';
import { PRESALE_VARIANTS } from './presale-variant';

/**
 * The allowlist file: the wallets of a presale's allowlist, written by the operator's
 * `allowlist set` when it stores the Merkle root on chain, and read by the BFF, which rebuilds
 * the tree from the wallets (`buildAllowlistTree(presale, wallets)`), checks that its root is
 * the on-chain one and serves each wallet's proof. Only the wallets are stored: the proofs are
 * derived, and a file of a million wallets stays ~46 MB instead of ~1.5 GB with every proof.
 */

/** Marks the file so nothing mistakes another JSON file for an allowlist. */
export const ALLOWLIST_FILE_FORMAT = 'fbt-allowlist';
/** Version 2 stores the wallets; version 1 stored every wallet's proof (read as its wallets). */
export const ALLOWLIST_FILE_VERSION = 2;

const hex32 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of lowercase hex');
const address = z.string().refine(isAddress, 'must be a base58 Solana address');

const common = {
  format: z.literal(ALLOWLIST_FILE_FORMAT),
  programId: address,
  presale: address,
  variant: z.enum(PRESALE_VARIANTS).nullable(),
  /** The root SetAllowlist stored (hex). */
  root: hex32,
  /** Distinct wallets in the tree. */
  leafCount: z.number().int().positive(),
};

/** Version 2: `wallets` holds every allowed wallet once (base58, sorted). */
export const allowlistFileSchema = z.object({
  ...common,
  version: z.literal(ALLOWLIST_FILE_VERSION),
  wallets: z.array(address).min(1),
});
export type AllowlistFile = z.infer<typeof allowlistFileSchema>;

/** Version 1 (read only): `proofs` mapped every wallet to its proof. */
const allowlistFileV1Schema = z.object({
  ...common,
  version: z.literal(1),
  proofs: z.record(address, z.array(hex32)),
});

/** Either version, read as version 2 (a version-1 file's wallets are its proofs' keys). */
export const anyAllowlistFileSchema = z
  .discriminatedUnion('version', [allowlistFileSchema, allowlistFileV1Schema])
  .transform((file): AllowlistFile => {
    if (file.version === ALLOWLIST_FILE_VERSION) return file;
    const { proofs, ...rest } = file;
    return { ...rest, version: ALLOWLIST_FILE_VERSION, wallets: Object.keys(proofs).sort() };
  });

/**
 * The file name of a presale's allowlist (`presale`: a variant or an address):
 * `allowlist-<variant>.json` for a deployment's
 * presale, `allowlist-<presale address>.json` for one named by address.
 */
export function allowlistFileName(presale: string): string {
  return `allowlist-${presale}.json`;
}
