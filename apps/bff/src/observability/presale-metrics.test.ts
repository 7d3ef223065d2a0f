import { describe, expect, it } from 'vitest';
import {
  INITIAL_PRESALE_STATE,
  OPEN_SALE_RULES,
  type PresaleSnapshot,
  type PresaleVariant,
} from '@fbt/domain';
import type { CachedEntry } from '../cache/refreshing-resource';
import { createMetricsRegistry } from './metrics';
import { registerPresaleMetrics, type PresaleSource } from './presale-metrics';

const SOL = 1_000_000_000n;

/** A presale cache whose value the test sets, telling subscribers as a real one does. */
function fakePresale(initial: PresaleSnapshot | null) {
  let entry: CachedEntry<PresaleSnapshot> | null =
    initial === null ? null : { value: initial, fetchedAt: 0, stale: false, json: '{}' };
  const listeners = new Set<(entry: CachedEntry<PresaleSnapshot>) => void>();
  const source: PresaleSource = {
    current: () => entry,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    source,
    set(value: PresaleSnapshot) {
      entry = { value, fetchedAt: 0, stale: false, json: '{}' };
      for (const listener of listeners) listener(entry);
    },
  };
}

function snapshot(sold: bigint, totals?: PresaleSnapshot['totals']): PresaleSnapshot {
  return {
    address: 'presale',
    slot: 1,
    state: { ...INITIAL_PRESALE_STATE, isInitialized: true, currentTotalSold: sold },
    rules: OPEN_SALE_RULES,
    ...(totals === undefined ? {} : { totals }),
  };
}

function setup(initial: Record<PresaleVariant, PresaleSnapshot | null>) {
  const presales = {
    public: fakePresale(initial.public),
    private: fakePresale(initial.private),
    leader: fakePresale(initial.leader),
  };
  const registry = createMetricsRegistry({ instanceId: 'x', processMetrics: false });
  registerPresaleMetrics(registry, {
    public: presales.public.source,
    private: presales.private.source,
    leader: presales.leader.source,
  });
  const sample = async (name: string, variant: PresaleVariant) => {
    const text = await registry.render();
    const line = text
      .split('\n')
      .find((each) => each.startsWith(`${name}{variant="${variant}",instance_id="x"} `));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  };
  return { presales, registry, sample };
}

describe('presale sales metrics', () => {
  it('SOL raised, buyers and leader commission per presale, from the cached accounts', async () => {
    const { sample } = setup({
      public: snapshot(12n * SOL + 500_000_000n, { buyerCount: 7n, leaderCommission: 0n }),
      private: snapshot(0n, { buyerCount: 0n, leaderCommission: 0n }),
      leader: snapshot(30n * SOL, { buyerCount: 4n, leaderCommission: 3n * SOL }),
    });
    expect(await sample('fbt_presale_raised_sol', 'public')).toBe(12.5);
    expect(await sample('fbt_presale_raised_sol', 'private')).toBe(0);
    expect(await sample('fbt_presale_raised_sol', 'leader')).toBe(30);
    expect(await sample('fbt_presale_buyers', 'public')).toBe(7);
    expect(await sample('fbt_presale_buyers', 'leader')).toBe(4);
    expect(await sample('fbt_presale_leader_commission_sol', 'leader')).toBe(3);
    expect(await sample('fbt_presale_leader_commission_sol', 'public')).toBe(0);
  });

  it('a presale without a value has no sample; one without the counts no buyers or commission', async () => {
    const { registry, sample } = setup({
      public: null,
      private: snapshot(5n * SOL),
      leader: null,
    });
    expect(await sample('fbt_presale_raised_sol', 'public')).toBeUndefined();
    expect(await sample('fbt_presale_raised_sol', 'private')).toBe(5);
    expect(await sample('fbt_presale_buyers', 'private')).toBeUndefined();
    expect(await sample('fbt_presale_leader_commission_sol', 'private')).toBeUndefined();
    const text = await registry.render();
    expect(text).toContain('# TYPE fbt_presale_buyers gauge');
    expect(text).toContain('# TYPE fbt_presale_buys_total counter');
  });

  it('counts a buy for each new value whose total sold passes the highest seen', async () => {
    const { presales, sample } = setup({
      public: snapshot(1n * SOL),
      private: null,
      leader: null,
    });
    // Every presale's counter exists from the start, at 0.
    for (const variant of ['public', 'private', 'leader'] as const)
      expect(await sample('fbt_presale_buys_total', variant)).toBe(0);
    presales.public.set(snapshot(2n * SOL));
    presales.public.set(snapshot(4n * SOL));
    // A lagging read (an older total) and the same total again are no buys; passing the
    // highest again is one.
    presales.public.set(snapshot(3n * SOL));
    presales.public.set(snapshot(4n * SOL));
    presales.public.set(snapshot(5n * SOL));
    expect(await sample('fbt_presale_buys_total', 'public')).toBe(3);
    // The first value of a presale counts none: what came before this instance is not known.
    presales.private.set(snapshot(9n * SOL));
    expect(await sample('fbt_presale_buys_total', 'private')).toBe(0);
    presales.private.set(snapshot(10n * SOL));
    expect(await sample('fbt_presale_buys_total', 'private')).toBe(1);
  });
});
