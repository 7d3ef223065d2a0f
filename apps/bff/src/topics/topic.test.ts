import { describe, expect, it } from 'vitest';
import { countedCall } from './topic';

describe('countedCall', () => {
  it('counts every call, and a failure only when the call throws, passing the outcome on', async () => {
    const calls: string[] = [];
    const failures: string[] = [];
    const context = {
      countCall: (upstream: string, operation: string) => calls.push(`${upstream}/${operation}`),
      countFailure: (upstream: string, operation: string) =>
        failures.push(`${upstream}/${operation}`),
    };
    expect(await countedCall(context, 'rpc', 'read', () => Promise.resolve(42))).toBe(42);
    expect(await countedCall(context, 'rpc', 'read', () => Promise.resolve(null))).toBeNull();
    await expect(
      countedCall(context, 'rpc', 'list', () => Promise.reject(new Error('RPC__ERROR'))),
    ).rejects.toThrow('RPC__ERROR');
    await expect(
      countedCall(context, 'pyth', 'get', () => {
        throw new Error('thrown before any promise');
      }),
    ).rejects.toThrow('thrown before any promise');
    expect(calls).toEqual(['rpc/read', 'rpc/read', 'rpc/list', 'pyth/get']);
    expect(failures).toEqual(['rpc/list', 'pyth/get']);
  });
});
