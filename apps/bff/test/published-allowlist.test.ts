/**
 * What the verify page reads besides the chain: the published allowlist's wallets (whatever
 * root the chain holds, since the visitor's browser compares the roots) and the config
 * answer's expectations (the metadata address and multisigs a deployment declares, the IDL).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  allowlistFileName,
  configResponseSchema,
  publishedAllowlistResponseSchema,
} from '@fbt/domain';
import { Keypair } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createManualScheduler } from '../src/cache/scheduler';
import { loadConfig } from '../src/config';
import { createAppDeps, type WiredDeps } from '../src/create-bff';
import { startSeededChain, type SeededChain } from './support/chain-fixture';
import { TEST_SETTINGS } from './support/test-world';
import { writeAllowlistFile } from './support/v2-chain';

const MULTISIG = Keypair.generate().publicKey.toBase58();
let chain: SeededChain;
let app: FastifyInstance;
let wired: WiredDeps;
let allowlistDir: string;

beforeAll(async () => {
  chain = await startSeededChain();
  allowlistDir = mkdtempSync(path.join(tmpdir(), 'fbt-published-'));
  wired = await createAppDeps(
    {
      ...chain.deployment,
      metadataUri: 'https://fbt.example/token.json',
      multisigs: [{ address: MULTISIG, label: 'Team vault' }],
    },
    loadConfig({ DATABASE_PATH: ':memory:', PYTH_HERMES_URL: '', ALLOWLIST_DIR: allowlistDir }),
    { scheduler: createManualScheduler(), logger: false, settings: TEST_SETTINGS },
  );
  app = await buildApp(wired.deps);
  await app.ready();
  const deadline = Date.now() + 30_000;
  while (app.presaleCache.resources.private.current() === null) {
    if (Date.now() > deadline) throw new Error('the presales were never read');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  await wired?.close();
  await chain?.stop();
  if (allowlistDir !== undefined) rmSync(allowlistDir, { recursive: true, force: true });
});

describe('GET /api/v1/presales/:variant/allowlist', () => {
  it('answers 404 ALLOWLIST__NOT_PUBLISHED when no list is published', async () => {
    const response = await app.inject('/api/v1/presales/private/allowlist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 'ALLOWLIST__NOT_PUBLISHED',
        message: 'No allowlist is published for the private presale.',
      },
    });
  });

  it('serves the file’s wallets even while the chain holds another root (no root set here)', async () => {
    const wallets = [Keypair.generate().publicKey, Keypair.generate().publicKey];
    writeAllowlistFile(allowlistDir, chain, 'private', wallets);
    const response = await app.inject('/api/v1/presales/private/allowlist');
    expect(response.statusCode).toBe(200);
    expect(publishedAllowlistResponseSchema.parse(response.json())).toEqual({
      variant: 'private',
      presale: chain.deployment.presales.private.address,
      wallets: wallets.map((wallet) => wallet.toBase58()).sort(),
    });
  });

  it('answers 503 for a file that is not an allowlist, and 404 for an unknown presale', async () => {
    writeFileSync(
      path.join(allowlistDir, allowlistFileName('private')),
      JSON.stringify({ format: 'x' }),
    );
    const broken = await app.inject('/api/v1/presales/private/allowlist');
    expect(broken.statusCode).toBe(503);
    expect(broken.json<{ error: { code: string } }>().error.code).toBe('ALLOWLIST__UNAVAILABLE');
    const unknown = await app.inject('/api/v1/presales/vip/allowlist');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the config answer’s verify part', () => {
  it('carries the declared metadata address, multisigs and the IDL’s path, and no verdict', async () => {
    const config = configResponseSchema.parse((await app.inject('/api/v1/config')).json());
    expect(config.verify).toEqual({
      metadataUri: 'https://fbt.example/token.json',
      multisigs: [{ address: MULTISIG, label: 'Team vault' }],
      idlPath: '/idl/presale.json',
    });
  });
});
