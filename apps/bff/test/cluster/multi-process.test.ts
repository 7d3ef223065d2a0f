/**
 * Two BFF processes (src/main.ts) on one local chain, one PostgreSQL ledger and one Redis: a buy
 * reaches the other instance's websocket clients, a leader report posted to one instance is in
 * the other's leaderboard (and its stream), a thousand visitors (the presale, the leaderboard,
 * a leader's code and the earnings of new and returning wallets) do not add a single chain
 * read, and SIGKILL of the poller hands polling over within seconds. One set-up for every check.
 */
import { Keypair } from '@solana/web3.js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2Chain } from '../support/v2-chain';
import { startFleet, type Fleet, type Instance } from '../support/cluster/fleet';
import { startVisitors } from '../support/cluster/visitors';

const SOL = 1_000_000_000n;
const leader = Keypair.generate();
let fleet: Fleet;

beforeAll(async () => {
  fleet = await startFleet({ count: 2, leaderWallet: leader.publicKey.toBase58() });
}, 240_000);

afterAll(async () => {
  await fleet?.stop();
}, 60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(25);
  }
}

type StreamMessage = { type: string; topic?: string; data?: Record<string, unknown> };

async function subscribe(instance: Instance, topics: string[]) {
  const socket = new WebSocket(instance.wsUrl);
  const messages: StreamMessage[] = [];
  socket.on('message', (raw: Buffer) =>
    messages.push(JSON.parse(raw.toString('utf8')) as StreamMessage),
  );
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'subscribe', topics }));
  return { socket, messages };
}

const soldOf = (message: StreamMessage) =>
  (message.data?.state as { currentTotalSold?: string } | undefined)?.currentTotalSold;

/** Chain calls over `ms`, per method. */
async function callsDuring(
  ms: number,
): Promise<{ total: number; byMethod: Record<string, number> }> {
  const before = fleet.proxy.byMethod();
  await sleep(ms);
  const after = fleet.proxy.byMethod();
  const byMethod = Object.fromEntries(
    Object.entries(after).map(([method, n]) => [method, n - (before[method] ?? 0)]),
  );
  return { total: Object.values(byMethod).reduce((sum, n) => sum + n, 0), byMethod };
}

describe('two BFF processes behind Redis on one chain', () => {
  it('exactly one instance polls; the other is a ready follower', async () => {
    const { poller, followers } = await fleet.roles();
    expect(followers).toHaveLength(1);
    const follower = followers[0] as Instance;
    expect(await fleet.readyz(follower)).toMatchObject({
      statusCode: 200,
      cluster: { mode: 'redis', polling: false, leaseHolder: false, instanceId: follower.id },
      warnings: [],
    });
    expect((await fleet.readyz(poller))?.cluster).toMatchObject({ leaseHolder: true });
  });

  it('a buy on chain reaches a websocket client of the instance that does not poll', async () => {
    const { followers } = await fleet.roles();
    const follower = followers[0] as Instance;
    const { socket, messages } = await subscribe(follower, ['presale:public']);
    await waitFor(() => messages.length >= 1, 'initial presale');
    const before = BigInt(soldOf(messages[0] as StreamMessage) ?? '0');
    const buyer = await fleet.chain.fundedKeypair(20);
    await fleet.chain.buy(buyer, 'public', 2n * SOL);
    const expected = String(before + 2n * SOL);
    await waitFor(() => messages.some((m) => soldOf(m) === expected), 'the buy on the follower');
    socket.close();
  });

  it("a leader report posted to one instance is in the other's leaderboard and stream", async () => {
    const [a, b] = fleet.instances as [Instance, Instance];
    const onB = await subscribe(b, ['leaderboard']);
    await waitFor(() => onB.messages.length >= 1, 'initial leaderboard');
    const buyer = await fleet.chain.fundedKeypair(20);
    // A BuyWith through beast42's record: the program pays the leader, the ledger indexes it.
    const v2 = v2Chain(fleet.chain);
    const signature = await v2.buyWith(buyer, 'leader', 3n * SOL, {
      leaderRecord: v2.recordOf('beast42'),
    });
    const response = await fetch(`${a.url}/api/v1/leader-reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        signature,
        wallet: buyer.publicKey.toBase58(),
        leaderCode: 'beast42',
        lamports: String(3n * SOL),
      }),
    });
    // 201, or 200 when the poller's reconciler recorded the buy a moment earlier.
    expect([200, 201]).toContain(response.status);
    const board = (await (await fetch(`${b.url}/api/v1/leaderboard`)).json()) as {
      leaders: { code: string; totalLamports: string }[];
    };
    expect(board.leaders).toContainEqual(
      expect.objectContaining({ code: 'beast42', totalLamports: String(3n * SOL) }),
    );
    await waitFor(
      () =>
        onB.messages.some(
          (m) =>
            m.type === 'leaderboard' &&
            JSON.stringify(m.data).includes(`"totalLamports":"${String(3n * SOL)}"`),
        ),
      'the leaderboard message on the other instance',
    );
    onB.socket.close();
  });

  it('a thousand visitors over both instances cost the chain no more calls than one', async () => {
    const one = await startVisitors(fleet.instances, 1);
    const idle = await callsDuring(8_000);
    await one.stop();
    const crowd = await startVisitors(fleet.instances, 1_000);
    const loaded = crowd.requests().ok;
    const busy = await callsDuring(8_000);
    const { ok, failed, okByRoute } = crowd.requests();
    const messages = crowd.messages();
    await crowd.stop();
    console.log(
      `chain calls in 8 s: 1 visitor ${idle.total} ${JSON.stringify(idle.byMethod)}; ` +
        `1000 visitors ${busy.total} ${JSON.stringify(busy.byMethod)}; ` +
        `visitors: ${ok} HTTP answers ${JSON.stringify(okByRoute)}, ${messages} stream messages`,
    );
    expect(failed).toBe(0);
    // The leader routes were read, by the hundred: none of them reads the chain per request.
    for (const route of [
      'leaderboard',
      'leader code',
      'earnings, new wallet',
      'earnings, returning wallet',
    ]) {
      expect(okByRoute[route] ?? 0, route).toBeGreaterThanOrEqual(200);
    }
    for (const method of ['getProgramAccounts', 'getAccountInfo']) {
      expect(busy.byMethod[method] ?? 0, method).toBeLessThanOrEqual(
        Math.ceil((idle.byMethod[method] ?? 0) * 1.1) + 2,
      );
    }
    // Every visitor loaded a page, then kept reading during the window.
    expect(loaded).toBeGreaterThanOrEqual(1_000);
    expect(ok).toBeGreaterThan(loaded);
    expect(messages).toBeGreaterThanOrEqual(5_000);
    // Only the poller's schedule reads the chain: per-visitor reads never reach it. The same
    // periodic reads in both windows (a window may catch one more refresh round than the other).
    expect(Object.keys(busy.byMethod).sort()).toEqual(Object.keys(idle.byMethod).sort());
    expect(busy.total).toBeLessThanOrEqual(Math.ceil(idle.total * 1.1) + 3);
  });

  it('SIGKILL of the poller hands polling to the other instance within seconds', async () => {
    const { poller, followers } = await fleet.roles();
    const survivor = followers[0] as Instance;
    const { socket, messages } = await subscribe(survivor, ['presale:private']);
    await waitFor(() => messages.length >= 1, 'initial private presale');
    const killedAt = Date.now();
    poller.child.kill('SIGKILL');
    await poller.exited;
    const { poller: next } = await fleet.roles(15_000);
    const handoverMs = Date.now() - killedAt;
    console.log(`polling handed over ${handoverMs} ms after SIGKILL (lease TTL 1500 ms)`);
    expect(next).toBe(survivor);
    // The survivor reads the chain itself now: a buy reaches its clients.
    const before = BigInt(soldOf(messages.at(-1) as StreamMessage) ?? '0');
    const buyer = await fleet.chain.fundedKeypair(20);
    await fleet.chain.buy(buyer, 'private', 1n * SOL);
    const expected = String(before + 1n * SOL);
    await waitFor(() => messages.some((m) => soldOf(m) === expected), 'a buy after the handover');
    socket.close();
  });
});
