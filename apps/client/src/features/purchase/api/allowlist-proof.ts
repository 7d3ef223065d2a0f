import type { PresaleVariant } from '@fbt/domain';
import { useQuery } from '@tanstack/react-query';
import { BffResponseError, getJson, parseWire } from '../../../lib/api-client';
import { prepareWireCheck } from '../../../lib/wire-check';

/** A wallet's standing on an allowlisted presale: its proof, or not on the list. */
export type AllowlistStanding =
  { readonly listed: true; readonly proof: readonly Uint8Array[] } | { readonly listed: false };

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * `GET /api/v1/presales/:variant/allowlist/:wallet`: the wallet's Merkle proof (hex hashes,
 * checked by the schema) as bytes for BuyWith; a 404 means the wallet is not on the list. Any
 * other failure throws (the query retries it).
 */
export async function getAllowlistStanding(
  variant: PresaleVariant,
  wallet: string,
  signal?: AbortSignal,
): Promise<AllowlistStanding> {
  prepareWireCheck();
  let body: unknown;
  try {
    body = await getJson(
      `/presales/${variant}/allowlist/${encodeURIComponent(wallet)}`,
      signal ? { signal } : {},
    );
  } catch (error) {
    if (error instanceof BffResponseError && error.status === 404) return { listed: false };
    throw error;
  }
  const answer = await parseWire('allowlistProofResponseSchema', body, 'allowlist proof');
  if (answer.wallet !== wallet) throw new Error('The allowlist proof is for another wallet.');
  return { listed: true, proof: answer.proof.map(hexToBytes) };
}

/**
 * The connected wallet's standing on an allowlisted presale (off when the presale is open or
 * no wallet is connected). A failed read is retried every few seconds, and the box says so.
 */
export function useAllowlistStanding(input: {
  variant: PresaleVariant;
  wallet: string | null;
  allowlisted: boolean;
}) {
  const { variant, wallet, allowlisted } = input;
  return useQuery({
    queryKey: ['allowlist', variant, wallet],
    queryFn: ({ signal }) => getAllowlistStanding(variant, wallet ?? '', signal),
    enabled: allowlisted && wallet !== null,
    staleTime: 5 * 60_000,
    retry: true,
    retryDelay: (failures) => Math.min(2_000 * failures, 10_000),
  });
}
