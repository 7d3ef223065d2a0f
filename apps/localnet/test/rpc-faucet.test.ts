import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRpc, startTestChain, stopTestChain } from './support/helpers';
import type { TestChain } from './support/helpers';

let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
});
afterAll(async () => {
  await stopTestChain(t);
});

describe('faucet', () => {
  it('refuses an airdrop larger than the faucet holds, and u64 amounts that lost precision in JSON', async () => {
    const to = Keypair.generate().publicKey.toBase58();
    const call = (amount: unknown) =>
      rawRpc(
        t.localnet.rpcUrl,
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [to, amount] }),
      );
    const tooMuch = (await call('600000000000000000')).json as {
      error: { code: number; message: string };
    };
    expect(tooMuch.error.code).toBe(-32002);
    expect(tooMuch.error.message).toContain('custom program error: 0x1');
    const imprecise = (await call(10 ** 18)).json as { error: { code: number; message: string } };
    expect(imprecise.error).toMatchObject({ code: -32602 });
    expect(imprecise.error.message).toContain('lost precision');
  });
});
