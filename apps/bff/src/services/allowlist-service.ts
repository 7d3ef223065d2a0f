import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PublicKey } from '@solana/web3.js';
import { buildAllowlistTree, type AllowlistTree } from '@fbt/presale-client';
import type { PresaleVariant } from '@fbt/domain';
import { allowlistFileName, anyAllowlistFileSchema } from '@fbt/domain';

/** The tree whose root is the on-chain one, or why there is none. */
export type AllowlistLookup =
  | { readonly kind: 'ready'; readonly tree: AllowlistTree }
  | { readonly kind: 'unavailable'; readonly reason: string };

/** Options of {@link createAllowlistService}. */
export interface AllowlistServiceOptions {
  /** Where the operator's allowlist files are (`ALLOWLIST_DIR`); null: none configured. */
  readonly dir: string | null;
  readonly programId: string;
  /** Told once per new problem (file, root) so the log says what to fix. */
  readonly onUnavailable?: (variant: PresaleVariant, reason: string) => void;
}

/** The allowlist trees of the presales, rebuilt from the operator's wallet files. */
export interface AllowlistService {
  /**
   * The tree of `variant` (its account `presale`) whose root is `root` (hex, from the chain).
   * Reads and rebuilds the file only when the root or the file changed since the last call.
   */
  lookup(variant: PresaleVariant, presale: string, root: string): Promise<AllowlistLookup>;
  /** The presale has no allowlist any more: drop its tree and its warning. */
  forget(variant: PresaleVariant): void;
  /** One line per presale whose last lookup found no usable file (for `/readyz`). */
  warnings(): string[];
  /**
   * The wallets the operator's file lists for `presale`, whatever root the chain holds (a
   * visitor rebuilds the root and compares it with the chain's); null when there is no file.
   * Throws with the reason when the file is unreadable or names another presale or program.
   */
  published(variant: PresaleVariant, presale: string): Promise<readonly string[] | null>;
}

interface Loaded {
  readonly root: string;
  /** `path:mtime:size` of the file read, or `missing`. */
  readonly fileKey: string;
  readonly lookup: AllowlistLookup;
}

const problem = (reason: string): AllowlistLookup => ({ kind: 'unavailable', reason });

/**
 * The wallets of an allowlist file, or why it cannot be used: not JSON, not an allowlist file,
 * or the allowlist of another presale or program.
 */
async function readWallets(
  file: string,
  presale: string,
  programId: string,
): Promise<{ wallets: readonly string[] } | { problem: string }> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    return {
      problem: `${file} cannot be read as JSON (${(error as Error).message.slice(0, 120)})`,
    };
  }
  const parsed = anyAllowlistFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      problem: `${file} is not an allowlist file (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'})`,
    };
  }
  const content = parsed.data;
  if (content.presale !== presale || content.programId !== programId) {
    return {
      problem: `${file} is the allowlist of presale ${content.presale} (program ${content.programId}), not of ${presale}`,
    };
  }
  return { wallets: content.wallets };
}

/**
 * Creates the {@link AllowlistService}. The file of a presale is `allowlist-<variant>.json`,
 * else `allowlist-<presale address>.json`, in `dir` (the names `allowlist set` writes). Its
 * wallets rebuild the tree, whose root must equal the chain's: a missing file, a file of
 * another presale or program, and a root that differs are each a reason, never a wrong proof.
 */
export function createAllowlistService(options: AllowlistServiceOptions): AllowlistService {
  const loaded = new Map<PresaleVariant, Loaded>();
  const inFlight = new Map<string, Promise<AllowlistLookup>>();

  const findFile = async (
    variant: PresaleVariant,
    presale: string,
  ): Promise<{ file: string; key: string } | null> => {
    if (options.dir === null) return null;
    for (const name of [allowlistFileName(variant), allowlistFileName(presale)]) {
      const file = path.join(options.dir, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() === true) return { file, key: `${file}:${info.mtimeMs}:${info.size}` };
    }
    return null;
  };

  const build = async (file: string, presale: string, root: string): Promise<AllowlistLookup> => {
    const read = await readWallets(file, presale, options.programId);
    if ('problem' in read) return problem(read.problem);
    let tree: AllowlistTree;
    try {
      tree = buildAllowlistTree(
        new PublicKey(presale),
        read.wallets.map((wallet) => new PublicKey(wallet)),
      );
    } catch (error) {
      return problem(`${file}: ${(error as Error).message}`);
    }
    if (tree.rootHex !== root) {
      return problem(
        `${file} gives root ${tree.rootHex}, but the chain holds ${root}: run allowlist set again with the wallet list whose root is on chain, or copy its file here`,
      );
    }
    return { kind: 'ready', tree };
  };

  const refresh = async (
    variant: PresaleVariant,
    presale: string,
    root: string,
  ): Promise<AllowlistLookup> => {
    const found = await findFile(variant, presale);
    const fileKey = found?.key ?? 'missing';
    const previous = loaded.get(variant);
    if (previous !== undefined && previous.root === root && previous.fileKey === fileKey) {
      return previous.lookup;
    }
    const lookup =
      found === null
        ? problem(
            options.dir === null
              ? 'no allowlist directory is configured (ALLOWLIST_DIR)'
              : `no allowlist file: neither ${allowlistFileName(variant)} nor ${allowlistFileName(presale)} is in ${options.dir}`,
          )
        : await build(found.file, presale, root);
    loaded.set(variant, { root, fileKey, lookup });
    if (lookup.kind === 'unavailable') options.onUnavailable?.(variant, lookup.reason);
    return lookup;
  };

  return {
    lookup(variant, presale, root) {
      const key = `${variant}:${root}`;
      const pending = inFlight.get(key);
      if (pending !== undefined) return pending;
      const next = refresh(variant, presale, root).finally(() => inFlight.delete(key));
      inFlight.set(key, next);
      return next;
    },
    async published(variant, presale) {
      const found = await findFile(variant, presale);
      if (found === null) return null;
      const read = await readWallets(found.file, presale, options.programId);
      if ('problem' in read) throw new Error(read.problem);
      return read.wallets;
    },
    forget(variant) {
      loaded.delete(variant);
    },
    warnings() {
      const lines: string[] = [];
      for (const [variant, entry] of loaded) {
        if (entry.lookup.kind === 'unavailable') {
          lines.push(
            `allowlist:${variant}: the on-chain allowlist cannot be served (${entry.lookup.reason})`,
          );
        }
      }
      return lines;
    },
  };
}
