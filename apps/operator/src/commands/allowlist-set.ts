import path from 'node:path';
import { buildAllowlistTree, buildSetAllowlistInstruction } from '@fbt/presale-client';
import { readAllowlistWallets } from '../files/allowlist-csv';
import { allowlistTreeFile, stageAllowlistTreeFile } from '../files/allowlist-tree-file';
import { usageError } from '../operator-error';
import { openSaleTarget, readSaleAsSeller, SALE_TARGET_OPTIONS } from '../options/sale-target';
import type { SaleTarget } from '../options/sale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { flagText, parseWith } from '../options/validators';
import { formatJson } from '../output';
import { DRY_RUN_OPTION, runPlan } from '../sale-plan';
import { defineCommand } from './command';

/** `allowlist-<variant>.json` next to the deployment file (or `allowlist-<presale>.json`). */
export function defaultAllowlistFile(target: SaleTarget): string {
  const name = `allowlist-${target.variant ?? target.presale.toBase58()}.json`;
  return target.deploymentFile === null
    ? path.resolve(name)
    : path.join(path.dirname(target.deploymentFile), name);
}

/** `allowlist set`: stores the Merkle root of a wallet list on chain and writes the wallets file. */
export const allowlistSetCommand = defineCommand({
  name: 'allowlist set',
  summary: 'restrict buys to a wallet list (Merkle root on chain, wallets file for the BFF)',
  notes: [
    '--file: one wallet per line, or a CSV whose header has a wallet column. Invalid addresses are',
    'named with their line and nothing is sent; duplicates are kept once and reported. The tree is',
    'written to --out as its root, leaf count and wallets (the BFF rebuilds every proof from them;',
    'format in the README), staged before sending and moved into place once SetAllowlist is',
    'confirmed. When the chain already has this root, nothing is sent and the file is written again.',
  ],
  options: {
    ...keypairOption("keypair of the presale's seller"),
    ...SALE_TARGET_OPTIONS,
    file: {
      type: 'string',
      value: '<wallets.csv>',
      required: true,
      description: 'the allowed wallets',
    },
    out: {
      type: 'string',
      value: '<tree.json>',
      description:
        'where to write the tree (default allowlist-<variant>.json next to the deployment file)',
    },
    ...DRY_RUN_OPTION,
  },
  run: async (values, io) => {
    const { wallets, duplicates } = readAllowlistWallets(
      parseWith(flagText('--file'), values.file),
    );
    const target = openSaleTarget(values, io.env);
    const seller = readKeypairOption(values);
    const state = await readSaleAsSeller(target, seller);
    const { connection, programId, presale } = target;
    let tree;
    try {
      tree = buildAllowlistTree(presale, wallets);
    } catch (error) {
      throw usageError(`--file: ${(error as Error).message}`);
    }
    for (const duplicate of duplicates) {
      io.stderr(
        `lines ${duplicate.lines.join(', ')}: ${duplicate.wallet} is listed more than once (kept once)`,
      );
    }
    const out = values.out === undefined ? defaultAllowlistFile(target) : path.resolve(values.out);
    const content = allowlistTreeFile({
      programId,
      presale,
      variant: target.variant,
      tree,
      wallets,
    });
    const summary = {
      presale: presale.toBase58(),
      programId: programId.toBase58(),
      root: tree.rootHex,
      leafCount: tree.size,
      duplicates,
      previousRoot: state.allowlistRoot,
      out,
    };
    const dryRun = values['dry-run'] === true;
    const unchanged = state.allowlistRoot === tree.rootHex;
    const instruction = buildSetAllowlistInstruction({
      programId,
      seller: seller.publicKey,
      presale,
      root: tree.root,
    });
    const staged = dryRun ? null : stageAllowlistTreeFile(out, content);
    try {
      const outcome = await runPlan(
        connection,
        { step: 'allowlist set', transactions: unchanged ? [] : [[instruction]], signer: seller },
        dryRun,
        io,
      );
      staged?.commit();
      io.stdout(formatJson({ ...summary, changed: !unchanged && !dryRun, ...outcome }));
    } catch (error) {
      staged?.discard();
      throw error;
    }
  },
});
