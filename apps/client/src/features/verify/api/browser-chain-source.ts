import type { ObservedAccount, PresaleVariant } from '@fbt/domain';
import type { VerifyChainSource } from '@fbt/presale-client';
import { BffResponseError, getParsed } from '../../../lib/api-client';

/** Most keys one getMultipleAccounts may carry (the RPC's and the proxy's limit). */
const KEYS_PER_CALL = 100;

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** One account of a getMultipleAccounts answer (base64), checked by hand; throws on anything else. */
function readAccount(value: unknown): ObservedAccount | null {
  if (value === null) return null;
  const account = value as { owner?: unknown; executable?: unknown; data?: unknown };
  const data = account.data;
  if (
    typeof account.owner !== 'string' ||
    typeof account.executable !== 'boolean' ||
    !Array.isArray(data) ||
    typeof data[0] !== 'string' ||
    data[1] !== 'base64'
  ) {
    throw new Error('The RPC answered an account in an unexpected shape.');
  }
  return { owner: account.owner, executable: account.executable, data: decodeBase64(data[0]) };
}

async function getMultipleAccounts(
  rpcPath: string,
  keys: readonly string[],
): Promise<(ObservedAccount | null)[]> {
  const response = await fetch(rpcPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getMultipleAccounts',
      params: [keys, { encoding: 'base64', commitment: 'confirmed' }],
    }),
  });
  if (!response.ok) throw new Error(`The chain could not be read (HTTP ${response.status}).`);
  const body = (await response.json()) as {
    result?: { value?: unknown };
    error?: { message?: unknown };
  };
  if (body.error !== undefined) {
    const message = body.error.message;
    throw new Error(typeof message === 'string' ? message : 'The RPC answered an error.');
  }
  const values = body.result?.value;
  if (!Array.isArray(values) || values.length !== keys.length) {
    throw new Error('The RPC answered a different number of accounts than asked.');
  }
  return values.map(readAccount);
}

/**
 * The chain as the visitor's browser reads it: accounts through the BFF's JSON-RPC proxy (the
 * chain's own answers, relayed, never the BFF's cached ones), and the published allowlists from
 * `GET /api/v1/presales/:variant/allowlist` (a 404 means none is published).
 */
export function browserVerifySource(rpcPath: string): VerifyChainSource {
  return {
    async getAccounts(addresses) {
      const accounts: (ObservedAccount | null)[] = [];
      for (let i = 0; i < addresses.length; i += KEYS_PER_CALL) {
        accounts.push(
          ...(await getMultipleAccounts(rpcPath, addresses.slice(i, i + KEYS_PER_CALL))),
        );
      }
      return accounts;
    },
    async publishedAllowlist(variant: PresaleVariant) {
      try {
        const answer = await getParsed(
          `/presales/${variant}/allowlist`,
          'publishedAllowlistResponseSchema',
          'published allowlist',
        );
        return answer.wallets;
      } catch (error) {
        if (error instanceof BffResponseError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
