import fs from 'node:fs';
import path from 'node:path';
import {
  ALLOWLIST_FILE_FORMAT,
  ALLOWLIST_FILE_VERSION,
  anyAllowlistFileSchema,
  type AllowlistFile,
} from '@fbt/domain';
import { buildAllowlistTree } from '@fbt/presale-client';
import type { AllowlistTree } from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';

export { ALLOWLIST_FILE_FORMAT, ALLOWLIST_FILE_VERSION };
export type { AllowlistFile };

/**
 * The allowlist file `allowlist set` writes for the BFF (version 2, the schema in
 * `@fbt/domain`'s allowlist-file.ts): the root SetAllowlist stored, the leaf count and the
 * wallets (base58, sorted, each once). The proofs are not stored: the wallets rebuild the tree
 * (`buildAllowlistTree(presale, wallets)`), which the BFF does at start-up, checking the root
 * against the chain's, and `readAllowlistTreeFile` does to check a file.
 */
export function allowlistTreeFile(options: {
  programId: PublicKey;
  presale: PublicKey;
  variant: AllowlistFile['variant'];
  tree: AllowlistTree;
  wallets: readonly PublicKey[];
}): AllowlistFile {
  return {
    format: ALLOWLIST_FILE_FORMAT,
    version: ALLOWLIST_FILE_VERSION,
    programId: options.programId.toBase58(),
    presale: options.presale.toBase58(),
    variant: options.variant,
    root: options.tree.rootHex,
    leafCount: options.tree.size,
    wallets: [...new Set(options.wallets.map((wallet) => wallet.toBase58()))].sort(),
  };
}

/**
 * Writes the file to a temporary name next to `file` first, so a file that cannot be written
 * fails before anything is sent; `commit()` renames it into place once the root is on chain.
 */
export function stageAllowlistTreeFile(
  file: string,
  content: AllowlistFile,
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
 * Reads an allowlist file (version 2, or a version-1 file of proofs read as its wallets) and
 * checks it: the tree rebuilt from its wallets must have its root and leaf count. Throws an
 * Error naming the first problem.
 */
export function readAllowlistTreeFile(file: string): AllowlistFile & { tree: AllowlistTree } {
  const parsed = anyAllowlistFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(
      `${file} is not an allowlist file: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const content = parsed.data;
  const tree = buildAllowlistTree(
    new PublicKey(content.presale),
    content.wallets.map((wallet) => new PublicKey(wallet)),
  );
  if (tree.rootHex !== content.root || tree.size !== content.leafCount) {
    throw new Error(`${file}: its wallets give root ${tree.rootHex}, not ${content.root}`);
  }
  return { ...content, tree };
}
