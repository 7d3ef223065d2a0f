import type { SignatureStatus } from '@solana/web3.js';
import { describe, expect, it, vi } from 'vitest';
import { createChainSignals } from './chain-signals';
import { confirmSignature } from './confirm-signature';
import type { PurchaseConnection } from './purchase-connection';
import { buyComputeUnitLimit } from '@fbt/presale-client';
import { choosePriorityFee } from './run-transaction';

/** A connection that answers status and blockhash queries from scripts, one entry per poll. */
function scriptedConnection(script: {
  statuses: (SignatureStatus | null)[];
  valid: boolean[];
  historyStatus?: SignatureStatus | null;
}) {
  const calls = { statuses: 0, history: 0, valid: 0, resends: 0 };
  const connection = {
    getSignatureStatuses: (
      _signatures: string[],
      config?: { searchTransactionHistory?: boolean },
    ) => {
      if (config?.searchTransactionHistory === true) {
        calls.history++;
        return Promise.resolve({ context: { slot: 1 }, value: [script.historyStatus ?? null] });
      }
      const value = script.statuses[Math.min(calls.statuses, script.statuses.length - 1)] ?? null;
      calls.statuses++;
      return Promise.resolve({ context: { slot: 1 }, value: [value] });
    },
    isBlockhashValid: () => {
      const value = script.valid[Math.min(calls.valid, script.valid.length - 1)] ?? false;
      calls.valid++;
      return Promise.resolve({ context: { slot: 1 }, value });
    },
    sendRawTransaction: () => {
      calls.resends++;
      return Promise.resolve('sig');
    },
  } as unknown as PurchaseConnection;
  return { connection, calls };
}

const status = (patch: Partial<SignatureStatus>): SignatureStatus => ({
  slot: 10,
  confirmations: 1,
  err: null,
  confirmationStatus: 'confirmed',
  ...patch,
});

/** A clock that moves only when the code under test sleeps. */
function fakeTime() {
  let at = 0;
  const slept: number[] = [];
  return {
    now: () => at,
    sleep: (ms: number) => {
      slept.push(ms);
      at += ms;
      return Promise.resolve();
    },
    slept,
  };
}

const base = () => ({
  signature: 'sig',
  blockhash: 'hash',
  rawTransaction: new Uint8Array([1]),
  pollIntervalMs: 500,
  resendIntervalMs: 1_000,
  ...fakeTime(),
});

describe('confirming a sent purchase', () => {
  it('is confirmed once the status says confirmed', async () => {
    const { connection } = scriptedConnection({
      statuses: [null, status({ confirmationStatus: 'processed' }), status({ slot: 12 })],
      valid: [true],
    });
    expect(await confirmSignature({ ...base(), connection })).toEqual({
      status: 'confirmed',
      slot: 12,
    });
  });

  it('reports the chain error when the transaction failed', async () => {
    const err = { InstructionError: [2, { Custom: 6023 }] };
    const { connection } = scriptedConnection({ statuses: [status({ err })], valid: [true] });
    expect(await confirmSignature({ ...base(), connection })).toEqual({
      status: 'failed',
      slot: 10,
      error: err,
    });
  });

  it('re-checks history after the blockhash expires and accepts a last-moment confirmation', async () => {
    const { connection, calls } = scriptedConnection({
      statuses: [null],
      valid: [true, false],
      historyStatus: status({ confirmationStatus: 'finalized', slot: 99 }),
    });
    expect(await confirmSignature({ ...base(), connection })).toEqual({
      status: 'confirmed',
      slot: 99,
    });
    expect(calls.history).toBe(1);
  });

  it('calls it expired only when history has nothing either', async () => {
    const { connection, calls } = scriptedConnection({
      statuses: [null],
      valid: [true, true, true, false],
    });
    expect(await confirmSignature({ ...base(), connection })).toEqual({ status: 'expired' });
    expect(calls.history).toBe(1);
  });

  it('reads the status every poll but checks the blockhash only every blockhashCheckIntervalMs', async () => {
    const { connection, calls } = scriptedConnection({
      statuses: [null, null, null, null, null, null, null, null, null, status({})],
      valid: [true],
    });
    await confirmSignature({
      ...base(),
      connection,
      pollIntervalMs: 100,
      blockhashCheckIntervalMs: 400,
      resendIntervalMs: 10_000,
    });
    expect(calls.statuses).toBe(10);
    // Rounds 1, 5 and 9 (0, 400 and 800 ms of waiting).
    expect(calls.valid).toBe(3);
  });

  it('re-sends the transaction while waiting', async () => {
    const { connection, calls } = scriptedConnection({
      statuses: [null, null, null, null, null, status({})],
      valid: [true],
    });
    await confirmSignature({ ...base(), connection });
    expect(calls.resends).toBe(2);
  });
});

describe('the status read along with the send', () => {
  it('stands for the first read: confirmed without another status call', async () => {
    const { connection, calls } = scriptedConnection({ statuses: [null], valid: [true] });
    expect(
      await confirmSignature({ ...base(), connection, firstStatus: status({ slot: 7 }) }),
    ).toEqual({ status: 'confirmed', slot: 7 });
    expect(calls.statuses).toBe(0);
  });

  it('not yet known: the wait goes on with status reads', async () => {
    const time = fakeTime();
    const { connection, calls } = scriptedConnection({
      statuses: [null, status({ slot: 9 })],
      valid: [true],
    });
    expect(await confirmSignature({ ...base(), ...time, connection, firstStatus: null })).toEqual({
      status: 'confirmed',
      slot: 9,
    });
    expect(calls.statuses).toBe(2);
    // The first read waited a poll interval after the send, like any later one.
    expect(time.slept).toEqual([500, 500]);
  });
});

describe('confirming with chain signals (the stream) and polling as the fallback', () => {
  /** Statuses by read: null until `confirmAt` (1-based), then confirmed; `onRead` runs per read. */
  function signalledConnection(confirmAt: number, onRead: (read: number) => void = () => {}) {
    let reads = 0;
    const connection = {
      getSignatureStatuses: () => {
        reads++;
        onRead(reads);
        const value = reads >= confirmAt ? status({ slot: 40 + reads }) : null;
        return Promise.resolve({ context: { slot: 1 }, value: [value] });
      },
      isBlockhashValid: () => Promise.resolve({ context: { slot: 1 }, value: true }),
      sendRawTransaction: () => Promise.resolve('sig'),
    } as unknown as PurchaseConnection;
    return { connection, reads: () => reads };
  }
  /** A sleep that never ends by itself: only a signal can end the wait. */
  const endless = (slept: number[]) => (ms: number) => {
    slept.push(ms);
    return new Promise<void>(() => {});
  };

  it('reads the status at once on a signal instead of waiting for the next poll', async () => {
    const signals = createChainSignals();
    signals.setLive(true);
    const slept: number[] = [];
    const { connection, reads } = signalledConnection(2);
    const confirming = confirmSignature({
      ...base(),
      connection,
      signals,
      sleep: endless(slept),
    });
    await vi.waitFor(() => expect(slept).toEqual([1_000]));
    signals.signal();
    expect(await confirming).toEqual({ status: 'confirmed', slot: 42 });
    expect(reads()).toBe(2);
    // The wait stopped listening once confirmed.
    signals.signal();
    expect(reads()).toBe(2);
  });

  it('keeps a signal that arrives during a status read, so it is not missed', async () => {
    const signals = createChainSignals();
    signals.setLive(true);
    const slept: number[] = [];
    const { connection } = signalledConnection(2, (read) => {
      if (read === 1) signals.signal();
    });
    const outcome = await confirmSignature({
      ...base(),
      connection,
      signals,
      sleep: endless(slept),
    });
    expect(outcome).toEqual({ status: 'confirmed', slot: 42 });
    expect(slept).toEqual([]);
  });

  it('polls every pollIntervalMs while the stream is down, and confirms without any signal', async () => {
    const signals = createChainSignals();
    const time = fakeTime();
    const { connection, reads } = signalledConnection(4);
    const outcome = await confirmSignature({
      ...base(),
      ...time,
      connection,
      signals,
      pollIntervalMs: 150,
    });
    expect(outcome).toEqual({ status: 'confirmed', slot: 44 });
    expect(reads()).toBe(4);
    expect(time.slept).toEqual([150, 150, 150]);
  });

  it('falls back to polling at once when the stream goes down during a wait', async () => {
    const signals = createChainSignals();
    signals.setLive(true);
    const slept: number[] = [];
    let polls = 0;
    const { connection } = signalledConnection(3);
    const confirming = confirmSignature({
      ...base(),
      connection,
      signals,
      pollIntervalMs: 150,
      sleep: (ms) => {
        slept.push(ms);
        // The signalled wait never ends by itself; polls do.
        if (ms === 150) polls++;
        return ms === 150 ? Promise.resolve() : new Promise<void>(() => {});
      },
    });
    await vi.waitFor(() => expect(slept).toEqual([1_000]));
    signals.setLive(false);
    expect(await confirming).toEqual({ status: 'confirmed', slot: 43 });
    expect(slept).toEqual([1_000, 150]);
    expect(polls).toBe(1);
  });

  it('still checks the blockhash while signals keep coming, and calls an unseen transaction expired', async () => {
    const signals = createChainSignals();
    signals.setLive(true);
    const time = fakeTime();
    let checks = 0;
    const connection = {
      getSignatureStatuses: () => {
        void time.sleep(300); // a round trip, during which another buy lands
        signals.signal();
        return Promise.resolve({ context: { slot: 1 }, value: [null] });
      },
      isBlockhashValid: () => {
        checks++;
        return Promise.resolve({ context: { slot: 1 }, value: checks < 2 });
      },
      sendRawTransaction: () => Promise.resolve('sig'),
    } as unknown as PurchaseConnection;
    const outcome = await confirmSignature({
      ...base(),
      connection,
      signals,
      now: time.now,
      sleep: endless([]),
    });
    expect(outcome).toEqual({ status: 'expired' });
    expect(checks).toBe(2);
    // One check after the first read, the next only once 2 s more had passed (reads of 300 ms).
    expect(time.now()).toBeGreaterThanOrEqual(2_000);
  });
});

describe('transaction sizing', () => {
  it.each([
    [undefined, 400_000],
    [0, 400_000],
    [10_000, 12_500],
    [2_000_000, 1_400_000],
  ])(
    "%s simulated units → a limit of %s (the program client's rule, proven there against a griefed first buy)",
    (units, limit) => {
      expect(buyComputeUnitLimit(units)).toBe(limit);
    },
  );

  it.each([
    [[], 0],
    [[0, 0, 0], 0],
    [[10, 0, 30, 20], 20],
    [[5, 1_000_000], 25_000],
  ])('recent fees %j → a priority fee of %s', (fees, fee) => {
    expect(choosePriorityFee(fees, 25_000)).toBe(fee);
  });
});
