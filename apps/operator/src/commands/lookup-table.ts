import fs from 'node:fs';
import path from 'node:path';
import type { Deployment } from '@fbt/domain';
import { PublicKey } from '@solana/web3.js';
import { applyBuyLookupTable, planBuyLookupTable } from '../lookup-table';
import { usageError } from '../operator-error';
import { CHAIN_OPTIONS, connectChain } from '../options/chain';
import { DEFAULT_DEPLOYMENT_FILE } from '../options/sale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { formatJson } from '../output';
import { DRY_RUN_OPTION } from '../sale-plan';
import { readDeploymentFile } from '../seed';
import { defineCommand } from './command';

const VARIANTS = ['public', 'private', 'leader'] as const;

/** The deployment file the command completes: --deployment, $DEPLOYMENT_FILE, or npm start's. */
function deploymentFileOf(
  given: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): { file: string; deployment: Deployment } {
  const file = path.resolve(given ?? env.DEPLOYMENT_FILE ?? DEFAULT_DEPLOYMENT_FILE);
  if (!fs.existsSync(file)) throw usageError(`deployment file ${file}: no such file`);
  try {
    return { file, deployment: readDeploymentFile(file) };
  } catch (error) {
    const message =
      error instanceof SyntaxError
        ? `${file} is not JSON: ${error.message}`
        : (error as Error).message;
    throw usageError(message);
  }
}

/**
 * Sets `lookupTable` in the deployment file, keeping everything else it holds (the seeding's
 * wallets and leaders too); written under a temporary name and moved into place.
 */
function recordLookupTable(file: string, table: string): void {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify({ ...raw, lookupTable: table }, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

/**
 * `lookup-table`: creates the deployment's address lookup table (or completes the one it names)
 * with the accounts every buy names, and records it in the deployment file; the BFF then serves
 * it and buys become version-0 transactions loading those accounts from it.
 */
export const lookupTableCommand = defineCommand({
  name: 'lookup-table',
  summary: "create or complete the address lookup table the deployment's buys load accounts from",
  notes: [
    'The table holds the three presales with their vaults, authorities and sellers, the mint,',
    'SPL Token, System and the Rent sysvar. Without one in the deployment file it is created',
    'and recorded there (lookupTable); with one, what is missing is appended (e.g. a new seller',
    'after `seller accept`). Restart the BFF to serve a new table.',
  ],
  options: {
    ...keypairOption('keypair that pays for the table and may extend it (its authority)'),
    deployment: {
      type: 'string',
      value: '<file>',
      description:
        'the deployment file to complete (default $DEPLOYMENT_FILE, else <repo>/data/localnet/deployment.json)',
    },
    ...CHAIN_OPTIONS,
    ...DRY_RUN_OPTION,
  },
  run: async (values, io) => {
    const { file, deployment } = deploymentFileOf(values.deployment, io.env);
    const { connection } = connectChain(values, io.env, deployment);
    const authority = readKeypairOption(values);
    const plan = await planBuyLookupTable({
      connection,
      programId: new PublicKey(deployment.programId),
      presales: VARIANTS.map((variant) => new PublicKey(deployment.presales[variant].address)),
      authority: authority.publicKey,
      ...(deployment.lookupTable === undefined
        ? {}
        : { table: new PublicKey(deployment.lookupTable) }),
    });
    const report = { deployment: file, lookupTable: plan.table?.toBase58() ?? null };
    if (values['dry-run'] === true || (plan.table !== null && plan.missing.length === 0)) {
      io.stdout(
        formatJson({
          ...report,
          changed: false,
          missing: plan.missing,
          addresses: plan.existing,
          ...(values['dry-run'] === true ? { dryRun: true } : {}),
        }),
      );
      return;
    }
    const result = await applyBuyLookupTable(connection, plan, authority);
    recordLookupTable(file, result.table.toBase58());
    io.stdout(
      formatJson({
        ...report,
        lookupTable: result.table.toBase58(),
        changed: true,
        created: result.created,
        added: result.added,
        addresses: result.addresses,
        signatures: result.signatures,
      }),
    );
  },
});
