import type { SignatureStatus } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
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

const base = {
  signature: 'sig',
  blockhash: 'hash',
  rawTransaction: new Uint8Array([1]),
  pollIntervalMs: 500,
  resendIntervalMs: 1_000,
  sleep: () => Promise.resolve(),
};

describe('confirming a sent purchase', () => {
  it('is confirmed once the status says confirmed', async () => {
    const { connection } = scriptedConnection({
      statuses: [null, status({ confirmationStatus: 'processed' }), status({ slot: 12 })],
      valid: [true],
    });
    expect(await confirmSignature({ ...base, connection })).toEqual({
      status: 'confirmed',
      slot: 12,
    });
  });

  it('reports the chain error when the transaction failed', async () => {
    const err = { InstructionError: [2, { Custom: 6023 }] };
    const { connection } = scriptedConnection({ statuses: [status({ err })], valid: [true] });
    expect(await confirmSignature({ ...base, connection })).toEqual({
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
    expect(await confirmSignature({ ...base, connection })).toEqual({
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
    expect(await confirmSignature({ ...base, connection })).toEqual({ status: 'expired' });
    expect(calls.history).toBe(1);
  });

  it('reads the status every poll but checks the blockhash only every blockhashCheckIntervalMs', async () => {
    const { connection, calls } = scriptedConnection({
      statuses: [null, null, null, null, null, null, null, null, null, status({})],
      valid: [true],
    });
    await confirmSignature({
      ...base,
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
    await confirmSignature({ ...base, connection });
    expect(calls.resends).toBe(2);
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
