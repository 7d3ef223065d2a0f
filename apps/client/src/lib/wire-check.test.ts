import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWireChecker, type WireReply, type WireRequest, type WireWorker } from './wire-check';
import { checkWireBody, type WireSchemaName } from './wire-schemas';

const PRICE = {
  price: '15000000000',
  expo: -8,
  conf: '2000000',
  usd: '150.00',
  publishTime: 1_764_000_000,
  source: 'pyth',
  stale: false,
};

type Listener = (event: { data?: unknown; message?: string; preventDefault(): void }) => void;

/**
 * A worker on this thread, with what the real one does (`wire-worker.ts`: the same check on a
 * copy of the body) and a hand on when it answers or fails.
 */
class FakeWorker implements WireWorker {
  readonly requests: WireRequest[] = [];
  terminated = false;
  private readonly listeners = new Map<string, Listener[]>();

  addEventListener(type: string, listener: unknown): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener as Listener]);
  }

  postMessage(message: unknown): void {
    this.requests.push(structuredClone(message) as WireRequest);
  }

  terminate(): void {
    this.terminated = true;
  }

  /** Answers request `index` (in the order asked) as the worker would. */
  answer(index: number): void {
    const { id, name, body } = this.requests[index]!;
    this.emit('message', { data: structuredClone({ id, check: checkWireBody(name, body) }) });
  }

  reply(reply: WireReply): void {
    this.emit('message', { data: reply });
  }

  fail(message: string): void {
    this.emit('error', { message });
  }

  private emit(type: string, event: { data?: unknown; message?: string }): void {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ ...event, preventDefault: () => undefined });
    }
  }
}

function setup(startWorker: () => WireWorker | null) {
  const here: WireSchemaName[] = [];
  const checker = createWireChecker({
    startWorker,
    checkHere: (name, body) => {
      here.push(name);
      return Promise.resolve(checkWireBody(name, body));
    },
  });
  return { checker, here };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the wire checker', () => {
  it('checks in the worker: valid data comes back parsed, a wrong field by its path', async () => {
    const worker = new FakeWorker();
    const { checker, here } = setup(() => worker);
    const good = checker.check('priceResponseSchema', { ...PRICE, extra: 'dropped' });
    const bad = checker.check('priceResponseSchema', { ...PRICE, price: '1.5', stale: 'no' });
    worker.answer(0);
    worker.answer(1);
    expect(await good).toEqual({ success: true, data: PRICE });
    expect(await bad).toEqual({ success: false, paths: ['price', 'stale'] });
    expect(worker.requests.map((request) => request.name)).toEqual([
      'priceResponseSchema',
      'priceResponseSchema',
    ]);
    expect(here).toEqual([]);
  });

  it('matches answers to their checks when they come back out of order', async () => {
    const worker = new FakeWorker();
    const { checker } = setup(() => worker);
    const price = checker.check('priceResponseSchema', PRICE);
    const error = checker.check('apiErrorBodySchema', { error: { code: 'X', message: 'm' } });
    worker.answer(1);
    worker.answer(0);
    expect(await error).toEqual({ success: true, data: { error: { code: 'X', message: 'm' } } });
    expect(await price).toEqual({ success: true, data: PRICE });
  });

  it('starts one worker, when first prepared, and not again', () => {
    const worker = new FakeWorker();
    const startWorker = vi.fn(() => worker);
    const { checker } = setup(startWorker);
    expect(startWorker).not.toHaveBeenCalled();
    checker.prepare();
    checker.prepare();
    void checker.check('priceResponseSchema', PRICE);
    expect(startWorker).toHaveBeenCalledTimes(1);
  });

  it('rejects a check the worker could not run, with its reason', async () => {
    const worker = new FakeWorker();
    const { checker } = setup(() => worker);
    const check = checker.check('priceResponseSchema', PRICE);
    worker.reply({ id: 0, error: 'unknown wire schema "x"' });
    await expect(check).rejects.toThrow('unknown wire schema "x"');
  });

  it('when the worker fails, checks what it left here, and everything after: nothing is lost', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const worker = new FakeWorker();
    const startWorker = vi.fn(() => worker);
    const { checker, here } = setup(startWorker);
    const first = checker.check('priceResponseSchema', PRICE);
    const second = checker.check('priceResponseSchema', { ...PRICE, conf: '-1' });
    worker.fail('Failed to fetch a worker script');
    expect(await first).toEqual({ success: true, data: PRICE });
    expect(await second).toEqual({ success: false, paths: ['conf'] });
    expect(worker.terminated).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      'the answer-checking worker failed; checking on the page instead',
      'Failed to fetch a worker script',
    );
    // A late answer from the dropped worker changes nothing.
    worker.answer(0);
    expect(await checker.check('priceResponseSchema', PRICE)).toEqual({
      success: true,
      data: PRICE,
    });
    expect(here).toEqual(['priceResponseSchema', 'priceResponseSchema', 'priceResponseSchema']);
    expect(startWorker).toHaveBeenCalledTimes(1);
  });

  it('checks here where no worker can run, or one cannot start', async () => {
    const none = setup(() => null);
    expect(await none.checker.check('priceResponseSchema', PRICE)).toEqual({
      success: true,
      data: PRICE,
    });
    expect(none.here).toEqual(['priceResponseSchema']);

    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = setup(() => {
      throw new Error('Refused by the content security policy');
    });
    expect(await refused.checker.check('priceResponseSchema', { price: 1 })).toMatchObject({
      success: false,
    });
    expect(refused.here).toEqual(['priceResponseSchema']);
  });
});
