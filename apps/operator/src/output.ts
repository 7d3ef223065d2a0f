/**
 * The JSON a command prints on success: indented for the terminal, bigints (lamports, token base
 * units) as decimal strings so no amount loses precision on the way to a script.
 */
export function formatJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
}
