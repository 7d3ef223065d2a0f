/**
 * The security.txt a program embeds, read the way Solana explorers read it: the first
 * `=======BEGIN SECURITY.TXT V1=======\0`, the first `=======END SECURITY.TXT V1=======\0` after
 * it, and between them NUL-terminated name and value pairs.
 */
const BEGIN = new TextEncoder().encode('=======BEGIN SECURITY.TXT V1=======\0');
const END = new TextEncoder().encode('=======END SECURITY.TXT V1=======\0');

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  for (
    let at = haystack.indexOf(first ?? 0, from);
    at !== -1;
    at = haystack.indexOf(first ?? 0, at + 1)
  ) {
    if (at + needle.length > haystack.length) return -1;
    let match = true;
    for (let i = 1; i < needle.length && match; i++) match = haystack[at + i] === needle[i];
    if (match) return at;
  }
  return -1;
}

/**
 * The security.txt fields of a program's bytes, in their order; null when there is none or it
 * is malformed (no end marker, not UTF-8, a name without a value, a repeated name), as an
 * explorer would show none.
 */
export function readSecurityTxt(bytes: Uint8Array): ReadonlyMap<string, string> | null {
  const start = indexOf(bytes, BEGIN, 0);
  if (start === -1) return null;
  const stop = indexOf(bytes, END, start);
  if (stop === -1) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(
      bytes.subarray(start + BEGIN.length, stop),
    );
  } catch {
    return null;
  }
  const parts = text.split('\0');
  if (parts.pop() !== '' || parts.length % 2 !== 0) return null;
  const fields = new Map<string, string>();
  for (let index = 0; index < parts.length; index += 2) {
    const name = parts[index] ?? '';
    if (fields.has(name)) return null;
    fields.set(name, parts[index + 1] ?? '');
  }
  return fields;
}
