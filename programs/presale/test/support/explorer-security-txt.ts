/**
 * Reads a security.txt out of a program's bytes the way Solana explorers and
 * `query-security-txt` do, knowing nothing of how it was built: find the first begin marker in
 * the file, the first end marker after it, split what lies between on NUL, and take the parts
 * as name, value, name, value... A missing marker, a repeated name or a name without a value
 * fails, as it fails there.
 */
const BEGIN = '=======BEGIN SECURITY.TXT V1=======\0';
const END = '=======END SECURITY.TXT V1=======\0';

/** Where a byte string first occurs in `haystack` at or after `from`; -1 when it does not. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(
    Buffer.from(needle),
    from,
  );
}

/** The security.txt fields of `bytes` (a program's ELF), in the order they appear. */
export function readSecurityTxtLikeAnExplorer(bytes: Uint8Array): Map<string, string> {
  const begin = new TextEncoder().encode(BEGIN);
  const end = new TextEncoder().encode(END);
  const start = indexOfBytes(bytes, begin);
  if (start === -1) throw new Error('no security.txt begin marker');
  const stop = indexOfBytes(bytes, end, start);
  if (stop === -1) throw new Error('no security.txt end marker after the begin marker');
  const parts = new TextDecoder('utf-8', { fatal: true })
    .decode(bytes.subarray(start + begin.length, stop))
    .split('\0');
  // Each value ends with NUL, so the text ends with one: its last part is empty.
  if (parts.pop() !== '') throw new Error('the last value is not NUL-terminated');
  if (parts.length % 2 !== 0) throw new Error(`field "${parts.at(-1)}" has no value`);
  const fields = new Map<string, string>();
  for (let index = 0; index < parts.length; index += 2) {
    const name = parts[index] ?? '';
    if (fields.has(name)) throw new Error(`duplicate field "${name}"`);
    fields.set(name, parts[index + 1] ?? '');
  }
  return fields;
}

/** How many times `needle` occurs in `haystack`. */
export function countOccurrences(haystack: Uint8Array, needle: string): number {
  const bytes = new TextEncoder().encode(needle);
  let count = 0;
  for (
    let at = indexOfBytes(haystack, bytes);
    at !== -1;
    at = indexOfBytes(haystack, bytes, at + 1)
  )
    count += 1;
  return count;
}
