import type { BuyInstructionDecoder } from '@fbt/domain';
import {
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  sendAndConfirmTransaction,
  type Connection,
} from '@solana/web3.js';
import { createLocalnet, type Localnet } from '@fbt/localnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeBuyerRecord,
  encodePresaleState,
  INITIAL_PRESALE_STATE,
  OPEN_SALE_RULES,
  PRESALE_DELIVERY_FIELD_OFFSETS,
  PRESALE_SALE_RULE_OFFSETS,
  PRESALE_TOTAL_OFFSETS,
  PRESALE_V2_ACCOUNT_SIZE,
  PRESALE_V3_ACCOUNT_SIZE,
} from '@fbt/domain';
import { isAdapterError } from '../src/adapter-error';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../src/loopback-server';
import {
  closeConnectionSocket,
  createBuyInstructionDecoder,
  createSolanaBuyerRecordReader,
  createSolanaConnection,
  createSolanaPresaleStateReader,
  createSolanaTransactionVerifier,
} from '../src/solana-chain';
import { randomAddress, randomSignature } from './support/random-ids';

const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/** Test-only decoder: treats a System transfer as a "buy" so account resolution is visible. */
const transferAsBuy: BuyInstructionDecoder = (ix) => {
  if (ix.programId !== SystemProgram.programId.toBase58() || ix.data[0] !== 2) return null;
  const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
  const [buyer, presale] = ix.accounts;
  if (buyer === undefined || presale === undefined) return null;
  return { buyer, presale, lamports: view.getBigUint64(4, true) };
};

describe('solana transaction verifier (real local chain)', () => {
  let localnet: Localnet;
  let connection: Connection;
  let payer: Keypair;

  beforeAll(async () => {
    localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir: null, slotMs: 50 });
    connection = createSolanaConnection({ rpcUrl: localnet.rpcUrl, wsUrl: localnet.wsUrl });
    payer = Keypair.generate();
    const airdrop = await connection.requestAirdrop(payer.publicKey, 5 * LAMPORTS_PER_SOL);
    await connection.confirmTransaction({
      signature: airdrop,
      ...(await connection.getLatestBlockhash()),
    });
  });
  afterAll(async () => {
    await localnet.stop();
  });

  it('extracts signers and decoded instructions of a confirmed transaction, memos aside', async () => {
    const destination = Keypair.generate().publicKey;
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: destination,
        lamports: 1_234_567,
      }),
      new TransactionInstruction({
        programId: MEMO_PROGRAM,
        keys: [],
        data: Buffer.from('fbt:leader:beast42', 'utf8'),
      }),
    );
    const signature = await sendAndConfirmTransaction(connection, tx, [payer], {
      commitment: 'confirmed',
    });
    const verifier = createSolanaTransactionVerifier({ connection, decodeBuy: transferAsBuy });
    const observed = await verifier.observeTransaction(signature);
    expect(observed).toMatchObject({
      status: 'found',
      signature,
      error: null,
      signers: [payer.publicKey.toBase58()],
      buys: [
        {
          buyer: payer.publicKey.toBase58(),
          presale: destination.toBase58(),
          lamports: 1_234_567n,
        },
      ],
    });
    if (observed.status === 'found') {
      expect(observed.slot).toBeGreaterThan(0);
      // Every account's lamport change: the destination got the transfer, the payer paid it
      // and the fee.
      expect(observed.lamportDeltas?.[destination.toBase58()]).toBe(1_234_567n);
      expect(observed.lamportDeltas?.[payer.publicKey.toBase58()]).toBeLessThan(-1_234_567n);
      expect(observed.claims).toEqual([]);
      // A memo is neither a buy nor anything the ledger reads.
      expect(observed.buys).toHaveLength(1);
      expect(observed).not.toHaveProperty('memos');
    }
    const slot = observed.status === 'found' ? observed.slot : -1;
    const address = destination.toBase58();
    expect(await verifier.listRecentSignatures(address, 10)).toEqual([{ signature, slot }]);
    expect(await verifier.listRecentSignatures(address, 10, { before: signature })).toEqual([]);
    expect(await verifier.listRecentSignatures(address, 10, { until: signature })).toEqual([]);
  });

  it('reports a failed transaction with its error', async () => {
    const poor = Keypair.generate();
    const airdrop = await connection.requestAirdrop(poor.publicKey, LAMPORTS_PER_SOL / 100);
    await connection.confirmTransaction({
      signature: airdrop,
      ...(await connection.getLatestBlockhash()),
    });
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: poor.publicKey,
        toPubkey: payer.publicKey,
        lamports: 5 * LAMPORTS_PER_SOL,
      }),
    );
    tx.feePayer = poor.publicKey;
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
    tx.sign(poor);
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    await connection
      .confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) })
      .catch(() => undefined);
    const observed = await createSolanaTransactionVerifier({
      connection,
      decodeBuy: transferAsBuy,
    }).observeTransaction(signature);
    expect(observed.status).toBe('found');
    if (observed.status === 'found') expect(observed.error).not.toBeNull();
  });

  it('answers not-found for a signature the chain never saw', async () => {
    const verifier = createSolanaTransactionVerifier({ connection, decodeBuy: transferAsBuy });
    expect(await verifier.observeTransaction(randomSignature())).toEqual({ status: 'not-found' });
  });
});

describe('pubsub websocket errors', () => {
  it('go to onWebsocketError instead of console.error, and the watch keeps retrying', async () => {
    const errors: Error[] = [];
    const printed: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => printed.push(args);
    try {
      const connection = createSolanaConnection({
        rpcUrl: 'http://127.0.0.1:9',
        wsUrl: 'ws://127.0.0.1:9',
        onWebsocketError: (error) => errors.push(error),
      });
      const reader = createSolanaPresaleStateReader({ connection });
      const stop = reader.watchPresaleState(randomAddress(), () => undefined);
      const deadline = Date.now() + 5_000;
      while (errors.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      stop();
      expect(errors[0]?.message).toMatch(/ECONNREFUSED/);
      expect(
        printed.filter((args) => String((args as unknown[])[0]).startsWith('ws error')),
      ).toEqual([]);
    } finally {
      console.error = original;
    }
  });
});

describe('buy instruction decoder', () => {
  const programId = randomAddress();
  const accounts = Array.from({ length: 11 }, () => randomAddress());
  const decode = createBuyInstructionDecoder(programId, {
    buyerIndex: 0,
    presaleIndex: 1,
    accountCount: 11,
  });
  const data = (tag: number, lamports: bigint, length = 9) => {
    const bytes = new Uint8Array(length);
    bytes[0] = tag;
    if (length >= 9) new DataView(bytes.buffer).setBigUint64(1, lamports, true);
    return bytes;
  };

  it.each([
    [
      'a Buy of our program',
      programId,
      data(1, 250_000_000n),
      accounts,
      { lamports: 250_000_000n },
    ],
    ['another program', randomAddress(), data(1, 1n), accounts, null],
    ['another instruction', programId, data(2, 1n), accounts, null],
    ['truncated data', programId, data(1, 1n, 5), accounts, null],
    ['too few accounts', programId, data(1, 1n), accounts.slice(0, 10), null],
  ] as const)('%s', (_name, id, bytes, keys, expected) => {
    const decoded = decode({ programId: id, accounts: keys, data: bytes });
    if (expected === null) expect(decoded).toBeNull();
    else expect(decoded).toEqual({ buyer: accounts[0], presale: accounts[1], ...expected });
  });
});

describe('presale and buyer readers (loopback JSON-RPC)', () => {
  let server: LoopbackServer;
  const accounts = new Map<string, Uint8Array>();
  let failing = false;
  const presale = randomAddress();
  const presaleV2 = randomAddress();
  const presaleV3 = randomAddress();
  const record = randomAddress();
  const state = {
    ...INITIAL_PRESALE_STATE,
    isInitialized: true,
    isActived: true,
    currentTotalSold: 7n,
  };

  beforeAll(async () => {
    accounts.set(presale, new Uint8Array([...encodePresaleState(state), 1, 2, 3]));
    const v2 = new Uint8Array(PRESALE_V2_ACCOUNT_SIZE);
    v2.set(encodePresaleState(state));
    const view = new DataView(v2.buffer);
    view.setBigInt64(PRESALE_SALE_RULE_OFFSETS.saleStart, 1_800_000_000n, true);
    view.setBigInt64(PRESALE_SALE_RULE_OFFSETS.saleEnd, 0n, true);
    v2.fill(
      0xab,
      PRESALE_SALE_RULE_OFFSETS.allowlistRoot,
      PRESALE_SALE_RULE_OFFSETS.allowlistRoot + 32,
    );
    view.setBigUint64(PRESALE_SALE_RULE_OFFSETS.leaderCount, 3n, true);
    view.setBigUint64(PRESALE_TOTAL_OFFSETS.buyerCount, 11n, true);
    view.setBigUint64(PRESALE_TOTAL_OFFSETS.leaderCommission, 500_000_000n, true);
    accounts.set(presaleV2, v2);
    const v3 = new Uint8Array(PRESALE_V3_ACCOUNT_SIZE);
    v3.set(v2);
    const v3View = new DataView(v3.buffer);
    v3[PRESALE_DELIVERY_FIELD_OFFSETS.deliveryMode] = 1;
    v3[PRESALE_DELIVERY_FIELD_OFFSETS.status] = 1;
    v3View.setUint16(PRESALE_DELIVERY_FIELD_OFFSETS.unlockedAtCompletionBps, 10_000, true);
    v3View.setBigUint64(PRESALE_DELIVERY_FIELD_OFFSETS.minimumRaise, 9n * 10n ** 9n, true);
    v3View.setBigInt64(PRESALE_DELIVERY_FIELD_OFFSETS.completedAt, 1_800_000_100n, true);
    v3View.setBigUint64(PRESALE_DELIVERY_FIELD_OFFSETS.tokensOwed, 140_000_000n, true);
    accounts.set(presaleV3, v3);
    accounts.set(record, encodeBuyerRecord({ fbtBuyedAmount: 3_000_000_000n }));
    server = await startLoopbackServer((req, res) => {
      const call = JSON.parse(req.body) as {
        id: number;
        method: string;
        params: [string, unknown];
      };
      if (failing) return sendJson(res, 503, { error: 'unavailable' });
      const data = accounts.get(call.params[0]);
      sendJson(res, 200, {
        jsonrpc: '2.0',
        id: call.id,
        result: {
          context: { slot: 4242, apiVersion: '2.2.0' },
          value:
            data === undefined
              ? null
              : {
                  data: [Buffer.from(data).toString('base64'), 'base64'],
                  executable: false,
                  lamports: 1_000_000,
                  owner: randomAddress(),
                  rentEpoch: 0,
                  space: data.length,
                },
        },
      });
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('decodes a presale account at its context slot, and null when missing', async () => {
    const reader = createSolanaPresaleStateReader({
      connection: createSolanaConnection({ rpcUrl: server.url }),
    });
    expect(await reader.readPresaleState(presale)).toEqual({
      address: presale,
      slot: 4242,
      state,
      rules: OPEN_SALE_RULES,
    });
    expect(await reader.readPresaleState(presaleV2)).toEqual({
      address: presaleV2,
      slot: 4242,
      state,
      rules: {
        saleStart: 1_800_000_000,
        saleEnd: null,
        allowlistRoot: 'ab'.repeat(32),
        leaderCount: 3n,
      },
      totals: { buyerCount: 11n, leaderCommission: 500_000_000n },
    });
    expect((await reader.readPresaleState(presaleV3))?.delivery).toEqual({
      mode: 'at-completion',
      status: 'sold-out',
      minimumRaise: 9n * 10n ** 9n,
      vesting: { unlockedAtCompletionBps: 10_000, cliffSeconds: 0, vestingSeconds: 0 },
      completedAt: 1_800_000_100,
      tokensOwed: 140_000_000n,
      tokensDelivered: 0n,
      buyersDelivered: 0n,
      buyersRefunded: 0n,
    });
    expect(await reader.readPresaleState(randomAddress())).toBeNull();
    const body = JSON.parse(server.requests[0]?.body ?? '{}') as {
      method: string;
      params: unknown[];
    };
    expect(body.method).toBe('getAccountInfo');
    expect(body.params[1]).toMatchObject({ commitment: 'confirmed', encoding: 'base64' });
  });

  it('reads a buyer record through the configured address derivation', async () => {
    const reader = createSolanaBuyerRecordReader({
      connection: createSolanaConnection({ rpcUrl: server.url }),
      deriveBuyerRecordAddress: (p, wallet) =>
        p === presale && wallet === 'w1' ? record : randomAddress(),
    });
    expect(await reader.readBuyerRecord(presale, 'w1')).toEqual({ fbtBuyedAmount: 3_000_000_000n });
    expect(await reader.readBuyerRecord(presale, 'w2')).toBeNull();
  });

  it('turns an unavailable RPC into RPC__ERROR', async () => {
    failing = true;
    try {
      const reader = createSolanaPresaleStateReader({
        connection: createSolanaConnection({ rpcUrl: server.url }),
      });
      await expect(reader.readPresaleState(presale)).rejects.toSatisfy((error) =>
        isAdapterError(error, 'RPC__ERROR'),
      );
    } finally {
      failing = false;
    }
  });
});

describe('closeConnectionSocket', () => {
  /** A chain, a Connection subscribed to an account on it, and the websocket errors it reports. */
  async function subscribedConnection() {
    const chain = await createLocalnet({ port: 0, wsPort: 0, dataDir: null });
    const errors: Error[] = [];
    const connection = createSolanaConnection({
      rpcUrl: chain.rpcUrl,
      wsUrl: chain.wsUrl,
      onWebsocketError: (error) => errors.push(error),
    });
    const opened = new Promise<void>((resolve) => {
      const socket = (
        connection as unknown as { _rpcWebSocket: { once(e: string, f: () => void): void } }
      )._rpcWebSocket;
      socket.once('open', resolve);
    });
    connection.onAccountChange(Keypair.generate().publicKey, () => undefined);
    await opened;
    return { chain, connection, errors };
  }
  const RECONNECT_WINDOW_MS = 3_500;

  it('without it, web3.js keeps reconnecting to a stopped node (what it prevents)', async () => {
    const { chain, connection, errors } = await subscribedConnection();
    await chain.stop();
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_WINDOW_MS));
    expect(errors.length).toBeGreaterThanOrEqual(2);
    closeConnectionSocket(connection);
  });

  it('closes the socket for good: no reconnect loop once the node is gone', async () => {
    const { chain, connection, errors } = await subscribedConnection();
    closeConnectionSocket(connection);
    closeConnectionSocket(connection);
    await chain.stop();
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_WINDOW_MS));
    // web3.js may try once more for the subscription it still holds; never again after that.
    expect(errors.length).toBeLessThanOrEqual(1);
  });
});
