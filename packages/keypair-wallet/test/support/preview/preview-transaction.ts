import { decodeTokenAccount } from '@fbt/domain';
import {
  describeMint,
  type AccountBytes,
  type MetadataReaders,
  type TokenDescription,
} from './describe-token';
import { readMessageAccounts } from './message-accounts';

/** Calls one JSON-RPC method and answers its `result`; throws the RPC's error. */
export type RpcCall = (method: string, params: readonly unknown[]) => Promise<unknown>;

/** A token account of the signer whose balance the transaction changes. */
export interface TokenChange {
  readonly account: string;
  readonly mint: string;
  /** Raw units, signed: positive when credited. */
  readonly amount: string;
  readonly token: TokenDescription;
}

/** What the wallet shows before signing: the signer's token changes, or why it could not tell. */
export interface TransactionPreview {
  readonly tokenChanges: readonly TokenChange[];
  /** Why the transaction could not be simulated; null when it was. */
  readonly error: string | null;
}

/** JSON-RPC over HTTP POST to `url`, through `fetchImpl` (the page's own `fetch`). */
export function jsonRpc(url: string, fetchImpl: typeof fetch = fetch): RpcCall {
  return async (method, params) => {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
    if (body.error !== undefined) {
      throw new Error(`${method}: ${body.error.message ?? 'RPC error'}`);
    }
    return body.result;
  };
}

const toBase64 = (bytes: Uint8Array) =>
  btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** An RPC account (base64 encoding) as bytes and owner; null when absent or not base64. */
function accountBytes(value: unknown): AccountBytes | null {
  if (typeof value !== 'object' || value === null) return null;
  const { owner, data } = value as { owner?: unknown; data?: unknown };
  if (typeof owner !== 'string' || !Array.isArray(data) || typeof data[0] !== 'string') return null;
  return { owner, data: fromBase64(data[0]) };
}

function accountList(result: unknown, field: 'value' | 'accounts'): unknown[] {
  const holder = field === 'value' ? result : (result as { value?: unknown } | null)?.value;
  const list = (holder as Record<string, unknown> | null)?.[field];
  return Array.isArray(list) ? list : [];
}

/**
 * Previews `transaction` for the wallet of `owner`, as Phantom does before asking to sign:
 * simulates it through `rpc` (reading the accounts it may write, after), reads the same accounts
 * as they are now, keeps the token accounts of `owner` whose balance moves, and describes each
 * one's mint from the chain (`describeMint`). Reads the accounts the message lists itself.
 */
export async function previewTransaction(
  transaction: Uint8Array,
  owner: string,
  rpc: RpcCall,
  readers: MetadataReaders,
): Promise<TransactionPreview> {
  const addresses = readMessageAccounts(transaction)
    .filter((account) => account.writable)
    .map((account) => account.address);
  const simulation = (await rpc('simulateTransaction', [
    toBase64(transaction),
    {
      encoding: 'base64',
      sigVerify: false,
      replaceRecentBlockhash: true,
      commitment: 'confirmed',
      accounts: { encoding: 'base64', addresses },
    },
  ])) as { value?: { err?: unknown } } | null;
  const err = simulation?.value?.err ?? null;
  if (err !== null) return { tokenChanges: [], error: `Simulation failed: ${JSON.stringify(err)}` };
  const after = accountList(simulation, 'accounts');
  const before = accountList(
    await rpc('getMultipleAccounts', [addresses, { encoding: 'base64', commitment: 'confirmed' }]),
    'value',
  );
  const moved: { account: string; mint: string; amount: bigint }[] = [];
  addresses.forEach((address, i) => {
    const post = accountBytes(after[i]);
    const held = post === null ? null : decodeTokenAccount(post.data, post.owner);
    if (held === null || held.owner !== owner) return;
    const pre = accountBytes(before[i]);
    const was = pre === null ? null : decodeTokenAccount(pre.data, pre.owner);
    const amount = held.amount - (was?.mint === held.mint ? was.amount : 0n);
    if (amount !== 0n) moved.push({ account: address, mint: held.mint, amount });
  });
  const descriptions = new Map<string, Promise<TokenDescription>>();
  for (const { mint } of moved) {
    if (!descriptions.has(mint)) descriptions.set(mint, readMint(mint, rpc, readers));
  }
  const tokenChanges = await Promise.all(
    moved.map(async (change) => ({
      account: change.account,
      mint: change.mint,
      amount: change.amount.toString(),
      token: await (descriptions.get(change.mint) as Promise<TokenDescription>),
    })),
  );
  return { tokenChanges, error: null };
}

async function readMint(mint: string, rpc: RpcCall, readers: MetadataReaders) {
  const info = await rpc('getAccountInfo', [mint, { encoding: 'base64', commitment: 'confirmed' }]);
  return describeMint(mint, accountBytes((info as { value?: unknown } | null)?.value), readers);
}
