/**
 * A leader code's Blink follows its record as a presale's Blink follows the presale: the GET
 * reads the code in the `leaders` topic, so a suspension or a resumption pushed by the chain
 * shows on the next GET, under the same cache rule as a pause (public, 10 s).
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PresaleSnapshot } from '@fbt/domain';
import { addLeaderRecord } from './support/leader-fixture';
import { createTestWorld, settle, startApp, type TestWorld } from './support/test-world';

interface BlinkAction {
  disabled?: boolean;
  label: string;
  error?: { message: string };
  links?: unknown;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function blink(code: string): Promise<BlinkAction> {
  const response = await app!.inject(`/api/actions/presale/leader?code=${code}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=10');
  return response.json<BlinkAction>();
}

/** A devnet world (fixed Action headers) with the leader code beast42 on chain. */
function world(): TestWorld {
  const created = createTestWorld();
  created.deployment = { ...created.deployment, cluster: 'devnet' };
  addLeaderRecord(created, 'beast42');
  return created;
}

describe('a leader code suspended or resumed, on its Blink', () => {
  it('shows on the next GET, as a pause does, with no re-read and no wait', async () => {
    const chain = world();
    app = await startApp(chain);
    expect((await blink('beast42')).disabled).toBeUndefined();
    const record = [...chain.leaderRecords.values()][0]!;
    const watch = chain.recordWatchers.get(record.presale)!;
    const reads = chain.rpcCalls;

    // SetLeaderActive false confirmed: the program subscription pushes the record.
    watch(record.address, { ...record, active: false });
    expect(await blink('beast42')).toMatchObject({
      disabled: true,
      label: 'Code suspended',
      error: { message: 'This leader code is suspended.' },
    });
    expect((await blink('beast42')).links).toBeUndefined();

    watch(record.address, { ...record, active: true });
    expect((await blink('beast42')).disabled).toBeUndefined();

    // The same path as a pause of the presale: its push, then the next GET.
    const leader = chain.deployment.presales.leader.address;
    const snapshot: PresaleSnapshot = chain.presales.get(leader)!;
    chain.watchers.get(leader)!({
      ...snapshot,
      slot: snapshot.slot + 1,
      state: { ...snapshot.state, isActived: false },
    });
    await settle();
    expect(await blink('beast42')).toMatchObject({ disabled: true, label: 'Presale paused' });
    expect(chain.rpcCalls).toBe(reads);
  });
});
