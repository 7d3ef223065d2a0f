// The swap's priority fee: read from the fee service at most once per 300,000 ms,
// capped at 25,000, with a fixed fallback; both answer shapes the services send.
import { createPriorityFeeSource } from '@fbt/adapters';
import { priorityFeeResponseSchema } from '@fbt/domain';
import { describe, expect, it } from 'vitest';
import { start, swapDeps, swapWorld, useSwapWorld } from './support/swap-fixture';

useSwapWorld();

describe('the priority fee', () => {
  it('is read once per 300,000 ms however many ask, then again', async () => {
    const { app, world } = await start();
    const feeCalls = () =>
      swapWorld.loopback.requests.filter((request) => request.url === '/api/fees').length;
    const before = feeCalls();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.inject('/api/v1/swap/priority-fee')),
    );
    expect(
      answers.map((answer) => priorityFeeResponseSchema.parse(answer.json()).microLamports),
    ).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
    expect(feeCalls() - before).toBe(1);
    swapWorld.loopback.knobs.feeAverage = 60_000; // capped: 100,000 -> 25,000 micro-lamports
    world.clock.advance(299_999);
    expect(
      priorityFeeResponseSchema.parse((await app.inject('/api/v1/swap/priority-fee')).json())
        .microLamports,
    ).toBe(10_000);
    world.clock.advance(2);
    expect(
      priorityFeeResponseSchema.parse((await app.inject('/api/v1/swap/priority-fee')).json()),
    ).toMatchObject({
      microLamports: 25_000,
      source: 'fee-statistics',
      maxFeeLamports: '15000',
    });
    expect(feeCalls() - before).toBe(2);
  });

  it('falls back to the fixed fee when the service answers garbage, or is not configured', async () => {
    const { app } = await start();
    swapWorld.loopback.knobs.malformed = { route: 'fee', kind: 'json' };
    expect(
      priorityFeeResponseSchema.parse((await app.inject('/api/v1/swap/priority-fee')).json()),
    ).toEqual({
      microLamports: 10_000,
      source: 'fallback',
      computeUnits: 600_000,
      maxFeeLamports: '6000',
      fetchedAt: null,
    });
    await app.close();
    const { app: second } = await start(
      swapDeps({ feeSource: null, fallbackFeeMicroLamports: 777 }),
    );
    expect(
      priorityFeeResponseSchema.parse((await second.inject('/api/v1/swap/priority-fee')).json()),
    ).toMatchObject({
      microLamports: 777,
      source: 'fallback',
    });
  });

  it('reads Raydium’s auto-fee answer the same way (capped)', async () => {
    const { app } = await start(
      swapDeps({
        feeSource: createPriorityFeeSource({ url: `${swapWorld.loopback.url}/main/auto-fee` }),
      }),
    );
    swapWorld.loopback.knobs.autoFee = { vh: 90_000, h: 12_345.5, m: 1 };
    expect(
      priorityFeeResponseSchema.parse((await app.inject('/api/v1/swap/priority-fee')).json()),
    ).toMatchObject({
      microLamports: 12_346,
      source: 'auto-fee',
    });
  });
});
