import { describe, expect, it } from 'vitest';
import { createRefreshingResource } from './refreshing-resource';

function setup(load: () => Promise<number>, fallback?: () => number) {
  let now = 1_000;
  const resource = createRefreshingResource<number>({
    name: 'n',
    clock: { now: () => now },
    load,
    toJson: (value, meta) => ({ value, stale: meta.stale }),
    keyOf: String,
    maxAgeMs: 100,
    ...(fallback === undefined ? {} : { fallback }),
  });
  const seen: string[] = [];
  resource.subscribe((entry) => seen.push(entry.json));
  return { resource, seen, advance: (ms: number) => void (now += ms) };
}

describe('refreshing resource', () => {
  it('shares one upstream read between concurrent refreshes (single-flight)', async () => {
    let calls = 0;
    let release: (value: number) => void = () => undefined;
    const { resource } = setup(() => {
      calls++;
      return new Promise((resolve) => (release = resolve));
    });
    const first = resource.refresh();
    const second = resource.refresh();
    expect(first).toBe(second);
    release(7);
    await first;
    expect(calls).toBe(1);
    expect(resource.current()?.json).toBe('{"value":7,"stale":false}');
  });

  it('notifies on a change of value or staleness only', async () => {
    let value = 1;
    let fail = false;
    const { resource, seen } = setup(() =>
      fail ? Promise.reject(new Error('down')) : Promise.resolve(value),
    );
    await resource.refresh();
    await resource.refresh();
    value = 2;
    await resource.refresh();
    fail = true;
    await resource.refresh();
    await resource.refresh();
    fail = false;
    await resource.refresh();
    expect(seen).toEqual([
      '{"value":1,"stale":false}',
      '{"value":2,"stale":false}',
      '{"value":2,"stale":true}',
      '{"value":2,"stale":false}',
    ]);
  });

  it('takes a push as a fresh read, and re-reads on retryIfFailing only after a failed read', async () => {
    let calls = 0;
    let fail = false;
    const { resource, advance } = setup(() => {
      calls++;
      return fail ? Promise.reject(new Error('down')) : Promise.resolve(calls);
    });
    await resource.refresh();
    resource.retryIfFailing();
    expect(calls).toBe(1);
    fail = true;
    advance(500);
    await resource.refresh();
    expect(resource.health()).toMatchObject({ stale: true, ageMs: 500 });
    fail = false;
    resource.retryIfFailing();
    await resource.refresh(); // joins the retry under way
    expect(calls).toBe(3);
    expect(resource.health()).toMatchObject({ stale: false, ageMs: 0 });
    fail = true;
    advance(500);
    await resource.refresh();
    resource.push(42);
    expect(resource.health()).toMatchObject({ stale: false, ageMs: 0 });
    expect(resource.current()?.value).toBe(42);
  });

  it('serves the fallback marked stale until the first success, and reports health', async () => {
    let fail = true;
    const { resource, advance } = setup(
      () =>
        fail
          ? Promise.reject(Object.assign(new Error('x'), { code: 'UPSTREAM__TIMEOUT' }))
          : Promise.resolve(5),
      () => 0,
    );
    await resource.refresh();
    expect(resource.current()).toMatchObject({ value: 0, stale: true });
    expect(resource.health()).toMatchObject({
      hasValue: false,
      lastError: 'UPSTREAM__TIMEOUT',
      failures: 1,
    });
    fail = false;
    await resource.refresh();
    advance(150);
    expect(resource.health()).toMatchObject({
      hasValue: true,
      stale: false,
      ageMs: 150,
      lastError: null,
    });
  });
});
