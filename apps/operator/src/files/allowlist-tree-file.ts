import fs from 'node:fs';
import path from 'node:path';
import { buildAllowlistTree } from '@fbt/presale-client';
import type { AllowlistTree } from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';

/** Marks the file so nothing mistakes another JSON file for an allowlist. */
export const ALLOWLIST_FILE_FORMAT = 'fbt-allowlist';
export const ALLOWLIST_FILE_VERSION = 1;

const hex32 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of lowercase hex');

/**
 * The allowlist file `allowlist set` writes for the BFF to serve proofs from (version 1):
 * `root` is what SetAllowlist stored, `proofs` maps every wallet (base58, sorted) to its proof
 * (sibling hashes, leaf to root, hex) as BuyWith takes it. The wallets alone are enough to
 * rebuild the tree with `buildAllowlistTree(presale, wallets)`, which `readAllowlistTreeFile`
 * does to check the file.
 */
export const allowlistTreeFileSchema = z.object({
  format: z.literal(ALLOWLIST_FILE_FORMAT),
  version: z.literal(ALLOWLIST_FILE_VERSION),
  programId: z.string(),
  presale: z.string(),
  variant: z.enum(['public', 'private', 'leader']).nullable(),
  root: hex32,
  leafCount: z.number().int().positive(),
  proofs: z.record(z.string(), z.array(hex32)),
});
export type AllowlistTreeFile = z.infer<typeof allowlistTreeFileSchema>;

const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** The file's content for a built tree. */
export function allowlistTreeFile(options: {
  programId: PublicKey;
  presale: PublicKey;
  variant: AllowlistTreeFile['variant'];
  tree: AllowlistTree;
  wallets: readonly PublicKey[];
}): AllowlistTreeFile {
  const sorted = options.wallets.map((wallet) => wallet.toBase58()).sort();
  return {
    format: ALLOWLIST_FILE_FORMAT,
    version: ALLOWLIST_FILE_VERSION,
    programId: options.programId.toBase58(),
    presale: options.presale.toBase58(),
    variant: options.variant,
    root: options.tree.rootHex,
    leafCount: options.tree.size,
    proofs: Object.fromEntries(
      sorted.map((wallet) => [wallet, options.tree.proofFor(new PublicKey(wallet)).map(toHex)]),
    ),
  };
}

/**
 * Writes the file to a temporary name next to `file` first, so a file that cannot be written
 * fails before anything is sent; `commit()` renames it into place once the root is on chain.
 */
export function stageAllowlistTreeFile(
  file: string,
  content: AllowlistTreeFile,
): { commit: () => void; discard: () => void } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const staged = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(staged, `${JSON.stringify(content, null, 2)}\n`);
  return {
    commit: () => fs.renameSync(staged, file),
    discard: () => fs.rmSync(staged, { force: true }),
  };
}

/**
 * Reads an allowlist file and checks it: the root rebuilt from its wallets must be its root,
 * and every proof the one the tree gives. Throws an Error naming the first problem.
 */
export function readAllowlistTreeFile(file: string): AllowlistTreeFile {
  const parsed = allowlistTreeFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(
      `${file} is not an allowlist file: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const content = parsed.data;
  const wallets = Object.keys(content.proofs).map((wallet) => new PublicKey(wallet));
  const tree = buildAllowlistTree(new PublicKey(content.presale), wallets);
  if (tree.rootHex !== content.root || tree.size !== content.leafCount) {
    throw new Error(`${file}: its wallets give root ${tree.rootHex}, not ${content.root}`);
  }
  for (const wallet of wallets) {
    const expected = tree.proofFor(wallet).map(toHex).join(',');
    if ((content.proofs[wallet.toBase58()] ?? []).join(',') !== expected) {
      throw new Error(`${file}: the proof of ${wallet.toBase58()} is not the tree's`);
    }
  }
  return content;
}
