import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalnet } from '@fbt/localnet';
import type { Localnet } from '@fbt/localnet';
import { Connection, Keypair } from '@solana/web3.js';
import { runCli } from '../../src/cli';
import { writeKeypairFile } from '../../src/keypair-file';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  json: () => Record<string, unknown>;
}

/** Runs the CLI in-process with captured output. */
export async function cli(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { stdout: (l) => out.push(l), stderr: (l) => err.push(l), env });
  const stdout = out.join('\n');
  return {
    code,
    stdout,
    stderr: err.join('\n'),
    json: () => JSON.parse(stdout) as Record<string, unknown>,
  };
}

export interface TestNet {
  localnet: Localnet;
  connection: Connection;
  dataDir: string;
  stop: () => Promise<void>;
}

/** A local chain on free ports with its ledger in a temp dir (removed on stop). */
export async function startTestNet(): Promise<TestNet> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-operator-'));
  const localnet = await createLocalnet({
    port: 0,
    wsPort: 0,
    dataDir: path.join(dataDir, 'chain'),
    slotMs: 100,
  });
  const connection = new Connection(localnet.rpcUrl, {
    wsEndpoint: localnet.wsUrl,
    commitment: 'confirmed',
  });
  return {
    localnet,
    connection,
    dataDir,
    stop: async () => {
      // let web3.js's trailing confirmation requests finish before the server goes away
      await new Promise((resolve) => setTimeout(resolve, 250));
      await localnet.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `--url` and `--ws-url` arguments that point the CLI at a test chain. */
export function chainArgsFor(net: TestNet): string[] {
  return ['--url', net.localnet.rpcUrl, '--ws-url', net.localnet.wsUrl];
}

/** Writes a new keypair file in the test chain's temp dir and airdrops `lamports` to it. */
export async function fundedKeypairFile(
  net: TestNet,
  name: string,
  lamports: number,
): Promise<string> {
  const keypair = Keypair.generate();
  const file = path.join(net.dataDir, name);
  writeKeypairFile(file, keypair);
  const signature = await net.connection.requestAirdrop(keypair.publicKey, lamports);
  await net.connection.confirmTransaction({
    signature,
    ...(await net.connection.getLatestBlockhash()),
  });
  return file;
}
