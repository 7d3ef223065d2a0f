const BIGINT_MARK = '\u0000bigint:';

/**
 * JSON.stringify that writes bigints as plain JSON numbers with every digit kept, as Solana's
 * RPC does for u64 fields (lamports, rentEpoch = u64::MAX).
 */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint' ? `${BIGINT_MARK}${v.toString()}` : v,
  );
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}
