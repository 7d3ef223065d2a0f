// The presale Blink's test world, shared by the actions-*.test.ts files: the real local chain
// seeded with the three presales, two leader codes on chain (beast42 active, sleepy1
// suspended) and the buys' address lookup table (made by the operator's code, named by the
// deployment the BFF serves), the BFF listening on a port, and what those tests ask of them.
import { Keypair, PublicKey, Transaction, type TransactionInstruction } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Deployment, PresaleVariant } from '@fbt/domain';
import { applyBuyLookupTable, planBuyLookupTable } from '@fbt/operator';
import {
  buildRegisterLeaderInstruction,
  buildSetLeaderActiveInstruction,
} from '@fbt/presale-client';
import { buildApp } from '../../src/app';
import type { AppSettings } from '../../src/app-deps';
import { createManualScheduler } from '../../src/cache/scheduler';
import { loadConfig } from '../../src/config';
import { createAppDeps, type WiredDeps } from '../../src/create-bff';
import { ActionApiError, assertActionHeaders, type SpecAction } from './actions-client';
import { startSeededChain, type SeededChain } from './chain-fixture';
import { TEST_SETTINGS } from './test-world';

export const SOL = 1_000_000_000n;
export const PRICE = 50_000n;

/** The chain, the app and its origin, and beast42's leader, once the hooks ran. */
export const blinkWorld = {} as {
  chain: SeededChain;
  /** The deployment the app serves: the chain's, with its lookup table. */
  deployment: Deployment;
  wired: WiredDeps;
  app: FastifyInstance;
  origin: string;
  leader: Keypair;
};
const extraApps: FastifyInstance[] = [];

/** Signs `instruction` as the presales' seller and waits until it is confirmed. */
export async function sendAsSeller(instruction: TransactionInstruction): Promise<void> {
  const { connection, seller } = blinkWorld.chain;
  const tx = new Transaction().add(instruction);
  const signature = await connection.sendTransaction(tx, [seller]);
  const latest = await connection.getLatestBlockhash();
  await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
}

export const sellerParams = (variant: PresaleVariant) => ({
  programId: new PublicKey(blinkWorld.chain.deployment.programId),
  seller: blinkWorld.chain.seller.publicKey,
  presale: new PublicKey(blinkWorld.chain.deployment.presales[variant].address),
});

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What the app's presale cache holds for `variant` now. */
export const snapshotOf = (variant: PresaleVariant) =>
  blinkWorld.app.presaleCache.resources[variant].current()?.value;

/** Waits until the app's cache of `variant` shows what the chain now holds. */
export async function cacheShows(
  variant: PresaleVariant,
  check: (snapshot: NonNullable<ReturnType<typeof snapshotOf>>) => boolean,
): Promise<void> {
  await waitFor(() => {
    const snapshot = snapshotOf(variant);
    return snapshot !== undefined && check(snapshot);
  });
}

/**
 * Another app over the same chain with other settings (or another deployment), listening;
 * closed after the file.
 */
export async function startApp(
  settings: Partial<AppSettings> = {},
  deployment: Deployment = blinkWorld.deployment,
): Promise<FastifyInstance> {
  const { wired } = blinkWorld;
  const instance = await buildApp({
    ...wired.deps,
    deployment,
    settings: { ...wired.deps.settings, ...settings },
  });
  extraApps.push(instance);
  await instance.listen({ host: '127.0.0.1', port: 0 });
  return instance;
}

export const originOf = (instance: FastifyInstance): string =>
  `http://127.0.0.1:${(instance.server.address() as { port: number }).port}`;

export const actionUrl = (variant: string, query = '') =>
  `${blinkWorld.origin}/api/actions/presale/${variant}${query}`;

/** The Action call fails with `status` and `message`, and the refusal has the Action headers. */
export async function expectRefusal(
  promise: Promise<unknown>,
  status: number,
  message: string | RegExp,
) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ActionApiError);
  const refusal = error as ActionApiError;
  expect(refusal.status).toBe(status);
  if (typeof message === 'string') expect(refusal.message).toBe(message);
  else expect(refusal.message).toMatch(message);
  // Errors carry the Action headers too, so a Blink client on another origin can read them.
  assertActionHeaders(refusal.headers);
}

/** The Action's linked action with the amount field. */
export function amountAction(action: SpecAction) {
  const linked = action.links?.actions.find((candidate) => candidate.parameters !== undefined);
  if (linked === undefined) throw new Error('no amount field');
  return linked;
}

/** Registers the hooks: the world once per file, everything closed after it. */
export function useBlinkWorld(): void {
  beforeAll(async () => {
    const chain = await startSeededChain();
    blinkWorld.chain = chain;
    const table = await applyBuyLookupTable(
      chain.connection,
      await planBuyLookupTable({
        connection: chain.connection,
        programId: new PublicKey(chain.deployment.programId),
        presales: (['public', 'private', 'leader'] as const).map(
          (variant) => new PublicKey(chain.deployment.presales[variant].address),
        ),
        authority: chain.seller.publicKey,
      }),
      chain.seller,
    );
    blinkWorld.deployment = { ...chain.deployment, lookupTable: table.table.toBase58() };
    blinkWorld.wired = await createAppDeps(
      blinkWorld.deployment,
      loadConfig({ DATABASE_PATH: ':memory:', PYTH_HERMES_URL: '' }),
      { scheduler: createManualScheduler(), logger: false, settings: TEST_SETTINGS },
    );
    blinkWorld.leader = await chain.fundedKeypair(5);
    await sendAsSeller(
      buildRegisterLeaderInstruction({
        ...sellerParams('leader'),
        code: 'beast42',
        leaderWallet: blinkWorld.leader.publicKey,
      }),
    );
    await sendAsSeller(
      buildRegisterLeaderInstruction({
        ...sellerParams('leader'),
        code: 'sleepy1',
        leaderWallet: Keypair.generate().publicKey,
      }),
    );
    await sendAsSeller(
      buildSetLeaderActiveInstruction({
        ...sellerParams('leader'),
        code: 'sleepy1',
        active: false,
      }),
    );
    blinkWorld.app = await buildApp(blinkWorld.wired.deps);
    blinkWorld.origin = await blinkWorld.app.listen({ host: '127.0.0.1', port: 0 });
    await waitFor(() => (['public', 'private', 'leader'] as const).every((v) => snapshotOf(v)));
  }, 180_000);

  afterAll(async () => {
    for (const extra of extraApps.splice(0)) await extra.close();
    await blinkWorld.app?.close();
    await blinkWorld.wired?.close();
    await blinkWorld.chain?.stop();
  });
}
