import path from 'node:path';
import { factValueEn, type VerifyFact } from '@fbt/domain';
import { OperatorError, usageError } from '../operator-error';
import { connectChain } from '../options/chain';
import { readDeploymentFile } from '../seed';
import { connectionVerifySource, verifyDeploymentOnChain } from '../verify';
import { formatJson } from '../output';
import { defineCommand } from './command';

function line(fact: VerifyFact): string {
  const mark = fact.passed ? 'PASS' : 'FAIL';
  const note = fact.note === undefined ? '' : ` [${fact.note}]`;
  const expected = fact.passed ? '' : ` (expected ${factValueEn(fact.expected)})`;
  return `${mark}  ${fact.id.padEnd(34)} ${factValueEn(fact.value)}${note}${expected}  ${fact.address}`;
}

/**
 * `verify`: the report of the site's verify page, from the same checks, read from the cluster
 * the deployment names (or --url); exits 1 naming every fact that failed.
 */
export const verifyCommand = defineCommand({
  name: 'verify',
  summary: "check a deployment's mint, program and presales on chain, as the verify page does",
  notes: [
    "Published allowlists are read from --allowlist-dir (default: the deployment file's directory).",
    'Exits 1 when any fact fails, naming each.',
  ],
  options: {
    deployment: {
      type: 'string',
      value: '<file>',
      required: true,
      description: 'the deployment file, e.g. deploy/config/deployment.json',
    },
    'allowlist-dir': {
      type: 'string',
      value: '<dir>',
      description: "where the allowlist files are (default: the deployment file's directory)",
    },
    json: { type: 'boolean', description: 'print the report as JSON' },
    url: {
      type: 'string',
      value: '<rpc>',
      description: "RPC endpoint (default: the deployment file's)",
    },
  },
  run: async (values, io) => {
    if (values.deployment === undefined) throw usageError('verify needs --deployment <file>');
    const file = path.resolve(values.deployment);
    let deployment;
    try {
      deployment = readDeploymentFile(file);
    } catch (error) {
      throw usageError(`--deployment ${(error as Error).message}`);
    }
    const { connection } = connectChain(
      { ...(values.url === undefined ? {} : { url: values.url }) },
      {},
      deployment,
    );
    const source = connectionVerifySource(
      connection,
      values['allowlist-dir'] ?? path.dirname(file),
      deployment.programId,
    );
    const report = await verifyDeploymentOnChain(source, deployment);
    if (values.json === true) io.stdout(formatJson(report));
    else for (const fact of report.facts) io.stdout(line(fact));
    const failed = report.facts.filter((fact) => !fact.passed);
    if (failed.length > 0) {
      throw new OperatorError(
        `${failed.length} of ${report.facts.length} facts failed: ${failed.map((fact) => fact.id).join(', ')}`,
      );
    }
    io.stderr(`all ${report.facts.length} facts passed`);
  },
});
