import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { PriceStreamStatus, PythPrice, Unsubscribe } from '@fbt/domain';
import { PYTH_SOL_USD_FEED_ID } from '@fbt/domain';
import { isAdapterError } from '../src/adapter-error';
import {
  HERMES_TEST_KEY,
  hermesUpdate,
  startFakeHermes,
  type FakeHermes,
} from './support/hermes-loopback';
import { sendJson } from '../src/loopback-server';
import { createPythHermesPriceSource } from '../src/pyth-hermes-price-source';

const NOW_S = 1_790_000_000;
let nowMs = NOW_S * 1000;
const clock = { now: () => nowMs };

/** What the listener was told, in order, awaited one at a time. */
type Seen =
  | { kind: 'quote'; quote: PythPrice }
  | { kind: 'rejected'; error: Error }
  | { kind: 'status'; status: PriceStreamStatus };

/** A queue: push from callbacks, `next()` waits for the next item. */
function queue<T>() {
  const items: T[] = [];
  const waiters: ((item: T) => void)[] = [];
  return {
    push(item: T) {
      const waiter = waiters.shift();
      if (waiter === undefined) items.push(item);
      else waiter(item);
    },
    next: (): Promise<T> =>
      new Promise((resolve) => {
        const item = items.shift();
        if (item === undefined) waiters.push(resolve);
        else resolve(item);
      }),
  };
}

let server: FakeHermes | undefined;
let stop: Unsubscribe | undefined;
afterEach(async () => {
  stop?.();
  stop = undefined;
  nowMs = NOW_S * 1000;
  await server?.close();
  server = undefined;
});

/** A silence timer the stream armed; the test fires it by hand. */
interface ArmedTimer {
  readonly ms: number;
  readonly fire: () => void;
  cancelled: boolean;
}

/** A watched source on a fake Hermes; reconnect waits are released and timers fired by hand. */
async function watch(apiKey: string | null = HERMES_TEST_KEY, streamStatus = 200) {
  const fake = await startFakeHermes((res: ServerResponse) =>
    sendJson(res, 200, hermesUpdate({ publishTime: NOW_S })),
  );
  fake.streamStatus = streamStatus;
  server = fake;
  const seen = queue<Seen>();
  const sleeps = queue<{ ms: number; release: () => void }>();
  const timers: ArmedTimer[] = [];
  const priced = createPythHermesPriceSource({
    endpoint: fake.url,
    clock,
    ...(apiKey === null ? {} : { apiKey }),
    stream: {
      sleep: (ms) => new Promise<void>((resolve) => sleeps.push({ ms, release: resolve })),
      setTimer: (ms, fire) => {
        const timer: ArmedTimer = { ms, fire, cancelled: false };
        timers.push(timer);
        return () => {
          timer.cancelled = true;
        };
      },
    },
  });
  if (priced.watchSolUsd === undefined) throw new Error('the Hermes source must stream');
  stop = priced.watchSolUsd({
    onQuote: (quote) => seen.push({ kind: 'quote', quote }),
    onRejected: (error) => seen.push({ kind: 'rejected', error }),
    onStatus: (status) => seen.push({ kind: 'status', status }),
  });
  const liveTimer = (): ArmedTimer => {
    const live = timers.filter((timer) => !timer.cancelled);
    if (live.length !== 1) throw new Error(`expected one live silence timer, got ${live.length}`);
    return live[0]!;
  };
  return { fake, priced, seen, sleeps, liveTimer };
}

const event = (fields: Parameters<typeof hermesUpdate>[0]) => JSON.stringify(hermesUpdate(fields));

describe('pyth hermes price stream (server-sent events from an upgraded-Hermes loopback)', () => {
  it('opens <base>/v2/updates/price/stream with the Bearer key and pushes every checked quote', async () => {
    const { fake, seen } = await watch();
    const stream = await fake.nextStream();
    expect(await seen.next()).toEqual({ kind: 'status', status: { state: 'open' } });
    stream.send(event({ publishTime: NOW_S - 1, price: '14300000000' }));
    stream.send(event({ publishTime: NOW_S, price: '14310000000' }));
    expect(await seen.next()).toMatchObject({ kind: 'quote', quote: { price: 14_300_000_000n } });
    expect(await seen.next()).toMatchObject({
      kind: 'quote',
      quote: { price: 14_310_000_000n, expo: -8, conf: 7_512_345n, publishTime: NOW_S },
    });
    const request = fake.requests[0];
    const url = new URL(request?.url ?? '', fake.url);
    expect(url.pathname).toBe('/hermes/v2/updates/price/stream');
    expect(url.searchParams.getAll('ids[]')).toEqual([PYTH_SOL_USD_FEED_ID]);
    expect(url.searchParams.get('parsed')).toBe('true');
    expect(request?.headers.authorization).toBe(`Bearer ${HERMES_TEST_KEY}`);
  });

  it('reports stale, too wide, garbage and wrongly shaped events, and keeps streaming', async () => {
    const { fake, seen } = await watch();
    const stream = await fake.nextStream();
    await seen.next(); // open
    stream.send(event({ publishTime: NOW_S - 61 }));
    stream.send(event({ publishTime: NOW_S, conf: '300000000' }));
    stream.send('{"binary":');
    stream.send(JSON.stringify({ binary: { encoding: 'hex', data: [] }, parsed: [{ id: 1 }] }));
    stream.send(event({ publishTime: NOW_S, feedId: 'ab'.repeat(32) }));
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const next = await seen.next();
      if (next.kind !== 'rejected' || !isAdapterError(next.error)) throw new Error('rejection');
      codes.push(`${next.error.code}${(next.error.context.problem as string | undefined) ?? ''}`);
    }
    expect(codes).toEqual([
      'PRICE__REJECTEDSTALE',
      'PRICE__REJECTEDLOW_CONFIDENCE',
      'UPSTREAM__BAD_RESPONSE',
      'UPSTREAM__BAD_RESPONSE',
      'PRICE__FEED_MISSING',
    ]);
    stream.send(event({ publishTime: NOW_S }));
    expect(await seen.next()).toMatchObject({ kind: 'quote', quote: { publishTime: NOW_S } });
    expect(fake.requests).toHaveLength(1);
  });

  it('reconnects after a dropped connection (1 s after a delivering stream) and streams again', async () => {
    const { fake, seen, sleeps } = await watch();
    const first = await fake.nextStream();
    await seen.next(); // open
    first.send(event({ publishTime: NOW_S }));
    await seen.next(); // quote
    first.destroy();
    const down = await seen.next();
    expect(down).toMatchObject({
      kind: 'status',
      status: { state: 'down', unauthorized: false, retryInMs: 1000 },
    });
    const wait = await sleeps.next();
    expect(wait.ms).toBe(1000);
    expect(fake.requests).toHaveLength(1); // nothing until the wait is over
    wait.release();
    const second = await fake.nextStream();
    expect(await seen.next()).toEqual({ kind: 'status', status: { state: 'open' } });
    second.send(event({ publishTime: NOW_S, price: '14400000000' }));
    expect(await seen.next()).toMatchObject({ kind: 'quote', quote: { price: 14_400_000_000n } });
    expect(fake.requests).toHaveLength(2);
  });

  it('reconnects a connection that stays open but silent (30 s without an event)', async () => {
    const { fake, seen, sleeps, liveTimer } = await watch();
    const first = await fake.nextStream();
    await seen.next(); // open
    first.send(event({ publishTime: NOW_S }));
    await seen.next(); // quote
    const silence = liveTimer();
    expect(silence.ms).toBe(30_000);
    silence.fire();
    expect(await seen.next()).toMatchObject({
      kind: 'status',
      status: { state: 'down', reason: 'silent for 30 s', unauthorized: false, retryInMs: 1000 },
    });
    (await sleeps.next()).release();
    const second = await fake.nextStream();
    expect(await seen.next()).toEqual({ kind: 'status', status: { state: 'open' } });
    second.send(event({ publishTime: NOW_S, price: '14500000000' }));
    expect(await seen.next()).toMatchObject({ kind: 'quote', quote: { price: 14_500_000_000n } });
    expect(fake.requests).toHaveLength(2);
  });

  it('every event re-arms the silence timer, so a talking stream is never cut', async () => {
    const { fake, seen, liveTimer } = await watch();
    const stream = await fake.nextStream();
    await seen.next(); // open
    const before = liveTimer();
    stream.send(event({ publishTime: NOW_S }));
    await seen.next(); // quote
    expect(before.cancelled).toBe(true);
    stream.send('not json');
    await seen.next(); // rejected, but alive
    expect(liveTimer()).not.toBe(before);
    expect(fake.requests).toHaveLength(1);
  });

  it('backs off 1 s, 2 s, 4 s while Hermes answers 503, then recovers', async () => {
    const { fake, seen, sleeps } = await watch(HERMES_TEST_KEY, 503);
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const status = await seen.next();
      expect(status).toMatchObject({
        kind: 'status',
        status: { state: 'down', reason: 'HTTP 503' },
      });
      const wait = await sleeps.next();
      delays.push(wait.ms);
      if (i === 3) fake.streamStatus = 200;
      wait.release();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
    await fake.nextStream();
    expect(await seen.next()).toEqual({ kind: 'status', status: { state: 'open' } });
  });

  it('401 without a key: reported as unauthorized, retried after 5 min, and the poll pauses too', async () => {
    const { fake, priced, seen, sleeps } = await watch(null);
    expect(await seen.next()).toEqual({
      kind: 'status',
      status: { state: 'down', reason: 'HTTP 401', unauthorized: true, retryInMs: 300_000 },
    });
    const wait = await sleeps.next();
    expect(wait.ms).toBe(300_000);
    await expect(priced.getSolUsd()).rejects.toSatisfy((error) =>
      isAdapterError(error, 'UPSTREAM__UNAUTHORIZED'),
    );
    expect(fake.requests).toHaveLength(1); // the stream's one request; the poll asked nothing
    nowMs += 300_000;
    wait.release();
    expect(await seen.next()).toMatchObject({ status: { state: 'down', unauthorized: true } });
    expect(fake.requests).toHaveLength(2);
  });

  it('stops for good: no reconnect after the unsubscribe, even when a wait ends', async () => {
    const { fake, seen, sleeps } = await watch(HERMES_TEST_KEY, 503);
    expect(await seen.next()).toMatchObject({ status: { state: 'down', reason: 'HTTP 503' } });
    const wait = await sleeps.next();
    stop?.();
    wait.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.requests).toHaveLength(1);
  });
});
