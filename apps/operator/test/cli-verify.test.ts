import fs from 'node:fs';
import path from 'node:path';
import { COMMITTED_PROGRAM_BUILDS } from '@fbt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeypairFile } from '../src/keypair-file';
import { seededWalletFiles, seedLocalChain, type SeedDeployment } from '../src/seed';
import { buildFaultySale, FAULT_FACTS, METADATA_FACTS, SALE_FAULTS } from './support/faulty-sales';
import { cli, startTestNet, type TestNet } from './support/helpers';

let net: TestNet;
let seeded: { deployment: SeedDeployment; file: string };

beforeAll(async () => {
  net = await startTestNet();
  const dataDir = path.join(net.dataDir, 'seed');
  const result = await seedLocalChain({
    connection: net.connection,
    rpcUrl: net.localnet.rpcUrl,
    wsUrl: net.localnet.wsUrl,
    dataDir,
  });
  seeded = { deployment: result.deployment as SeedDeployment, file: result.file };
}, 120_000);
afterAll(async () => {
  await net.stop();
});

const failedFacts = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('FAIL'))
    .map((line) => line.split(/\s+/)[1]);

describe('operator verify', () => {
  it('passes every fact of the seeded sale, its Token-2022 metadata included', async () => {
    const run = await cli(['verify', '--deployment', seeded.file]);
    const lines = run.stdout.split('\n');
    expect(
      lines.filter((line) => line.startsWith('PASS')).map((line) => line.split(/\s+/)[1]),
    ).toEqual(
      expect.arrayContaining([
        'mint.supply',
        'mint.mint-authority',
        'mint.freeze-authority',
        'mint.metadata-name',
        'mint.metadata-symbol',
        'mint.metadata-uri',
        'program.executable',
        'program.upgrade-authority',
        'program.build-hash',
        'program.security-txt',
        'presale.public.vault',
        'presale.private.allowlist',
        'presale.leader.active',
      ]),
    );
    expect(run.stdout).toContain('immutable (no upgrade authority)');
    expect(run.stdout).toMatch(
      new RegExp(`program\\.build-hash\\s+${COMMITTED_PROGRAM_BUILDS.v3} \\[v3\\]`),
    );
    expect(failedFacts(run.stdout)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('prints each presale’s delivery, minimum raise and vesting, and what its vault owes', async () => {
    const lineOf = (stdout: string, id: string) =>
      stdout.split('\n').find((line) => line.includes(` ${id} `));
    const seededRun = await cli(['verify', '--deployment', seeded.file]);
    expect(lineOf(seededRun.stdout, 'presale.public.delivery-mode')).toMatch(
      /^PASS .* instant \(in each buy\) /,
    );
    expect(lineOf(seededRun.stdout, 'presale.public.minimum-raise')).toMatch(/^PASS .* none /);
    expect(lineOf(seededRun.stdout, 'presale.public.vesting')).toMatch(/^PASS .* none /);
    const operator = readKeypairFile(seededWalletFiles(path.dirname(seeded.file)).operator);
    const { file } = await buildFaultySale({
      connection: net.connection,
      operator,
      base: seeded.deployment,
      fault: 'vault-short-of-owed',
      dir: fs.mkdtempSync(path.join(net.dataDir, 'owed-lines-')),
    });
    const run = await cli(['verify', '--deployment', file]);
    expect(lineOf(run.stdout, 'presale.public.delivery-mode')).toMatch(
      /^PASS .* at completion \[status=open\]/,
    );
    expect(lineOf(run.stdout, 'presale.public.vesting')).toMatch(
      /^PASS .* everything at completion /,
    );
    // 1 SOL bought 20,000 FBT, still in the vault; the vault was funded one unit short
    expect(lineOf(run.stdout, 'presale.public.vault')).toMatch(
      /^FAIL .* 1,999,999\.999999 FBT \[left=1,980,000 FBT;owed=20,000 FBT\] \(expected ≥ 2,000,000 FBT\)/,
    );
    // a private round at completion sold out by one buyer: the vesting's dates, the FBT owed
    const declared = await buildFaultySale({
      connection: net.connection,
      operator,
      base: seeded.deployment,
      fault: 'declared-terms',
      dir: fs.mkdtempSync(path.join(net.dataDir, 'terms-lines-')),
    });
    const terms = await cli(['verify', '--deployment', declared.file]);
    expect(lineOf(terms.stdout, 'presale.private.delivery-mode')).toMatch(
      /^PASS .* at completion \[status=sold-out\]/,
    );
    const time = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ';
    expect(lineOf(terms.stdout, 'presale.private.vesting')).toMatch(
      new RegExp(
        `^FAIL .* 25% at completion, nothing more for 30 days, everything after 180 days \\[completed=${time};cliff=${time};unlocked=${time}\\] \\(expected everything at completion\\)`,
      ),
    );
    expect(lineOf(terms.stdout, 'presale.private.minimum-raise')).toMatch(
      /^FAIL .* none \(expected 1 SOL\)/,
    );
    expect(lineOf(terms.stdout, 'presale.private.vault')).toMatch(
      /^PASS .* 20,000 FBT \[left=0 FBT;owed=20,000 FBT\]/,
    );
  });

  it('fails exactly the metadata facts of a sale seeded with a classic SPL Token mint', async () => {
    const classic = await seedLocalChain({
      connection: net.connection,
      rpcUrl: net.localnet.rpcUrl,
      wsUrl: net.localnet.wsUrl,
      dataDir: path.join(net.dataDir, 'classic'),
      tokenProgram: 'spl-token',
    });
    expect(classic.deployment.metadataUri).toBeUndefined();
    const run = await cli(['verify', '--deployment', classic.file]);
    expect(run.code).toBe(1);
    expect(failedFacts(run.stdout).sort()).toEqual([...METADATA_FACTS].sort());
  }, 120_000);

  it('prints the report as JSON with --json', async () => {
    const run = await cli(['verify', '--deployment', seeded.file, '--json']);
    const report = run.json() as { facts: { id: string; passed: boolean }[] };
    expect(report.facts.map((fact) => fact.id)).toContain('presale.leader.leader-commission');
    expect(report.facts.filter((fact) => !fact.passed).map((fact) => fact.id)).toEqual([]);
  });

  it.each(SALE_FAULTS)(
    'fails exactly the facts a %s sale breaks, exit 1 naming them',
    async (fault) => {
      const operator = readKeypairFile(seededWalletFiles(path.dirname(seeded.file)).operator);
      const { file } = await buildFaultySale({
        connection: net.connection,
        operator,
        base: seeded.deployment,
        fault,
        dir: fs.mkdtempSync(path.join(net.dataDir, `${fault}-`)),
      });
      const run = await cli(['verify', '--deployment', file]);
      expect(run.code).toBe(1);
      expect(failedFacts(run.stdout).sort()).toEqual([...FAULT_FACTS[fault]].sort());
      for (const id of FAULT_FACTS[fault]) expect(run.stderr).toContain(id);
    },
    120_000,
  );

  it('refuses a missing deployment file with exit 2', async () => {
    const run = await cli(['verify', '--deployment', path.join(net.dataDir, 'nope.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('nope.json');
  });
});
