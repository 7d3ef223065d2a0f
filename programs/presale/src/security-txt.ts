import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROGRAM_PACKAGE_DIR } from './artifacts';

/** The committed source of the program's security.txt (field name -> value). */
export const SECURITY_TXT_SOURCE_PATH = join(PROGRAM_PACKAGE_DIR, 'security.json');

/** What opens the security.txt in the program's bytes (explorers search for it). */
export const SECURITY_TXT_BEGIN = '=======BEGIN SECURITY.TXT V1=======\0';
/** What closes it. */
export const SECURITY_TXT_END = '=======END SECURITY.TXT V1=======\0';

/**
 * Every field the security.txt convention knows, in the order the program holds them. A parser
 * of the convention refuses any other name, so the source may hold no other.
 */
export const SECURITY_TXT_FIELDS = [
  'name',
  'project_url',
  'contacts',
  'policy',
  'preferred_languages',
  'source_code',
  'source_release',
  'source_revision',
  'encryption',
  'auditors',
  'acknowledgements',
  'expiry',
] as const;

/** A field name of the convention. */
export type SecurityTxtField = (typeof SECURITY_TXT_FIELDS)[number];

/** The fields a parser of the convention requires. */
export const REQUIRED_SECURITY_TXT_FIELDS: readonly SecurityTxtField[] = [
  'name',
  'project_url',
  'contacts',
  'policy',
];

/** The program's security.txt: the required fields and any optional ones. */
export type SecurityTxt = Readonly<
  Record<'name' | 'project_url' | 'contacts' | 'policy', string> &
    Partial<Record<SecurityTxtField, string>>
>;

/** Contact kinds the convention names (`<kind>:<value>`, comma-separated). */
export const SECURITY_TXT_CONTACT_KINDS: readonly string[] = [
  'email',
  'discord',
  'telegram',
  'twitter',
  'link',
  'other',
];

/** Fields whose value is one URL; the source gives each as an https URL. */
const URL_FIELDS: readonly SecurityTxtField[] = ['project_url', 'policy', 'source_code'];

function isField(name: string): name is SecurityTxtField {
  return (SECURITY_TXT_FIELDS as readonly string[]).includes(name);
}

function checkUrl(field: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`security.txt: ${field} is not a URL: "${value}"`);
  }
  if (url.protocol !== 'https:') {
    throw new Error(`security.txt: ${field} must be an https URL, got "${value}"`);
  }
}

function checkContacts(value: string): void {
  for (const contact of value.split(',')) {
    const colon = contact.indexOf(':');
    const kind = colon === -1 ? '' : contact.slice(0, colon).trim().toLowerCase();
    if (!SECURITY_TXT_CONTACT_KINDS.includes(kind) || contact.slice(colon + 1).trim() === '') {
      throw new Error(
        `security.txt: contact "${contact}" is not <kind>:<value> with a kind of ${SECURITY_TXT_CONTACT_KINDS.join(', ')}`,
      );
    }
  }
}

function checkValue(field: SecurityTxtField, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`security.txt: ${field} must be a non-empty string`);
  }
  if (value.includes('\0')) throw new Error(`security.txt: ${field} holds a NUL character`);
  if (
    value.includes(SECURITY_TXT_END.slice(0, -1)) ||
    value.includes(SECURITY_TXT_BEGIN.slice(0, -1))
  ) {
    throw new Error(`security.txt: ${field} holds a security.txt marker`);
  }
  if (URL_FIELDS.includes(field)) checkUrl(field, value);
  if (field === 'contacts') checkContacts(value);
  if (field === 'expiry' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    throw new Error(`security.txt: expiry must be a date, YYYY-MM-DD, got "${value}"`);
  }
  return value;
}

/**
 * Checks a parsed security.json: an object of the convention's fields only, the required ones
 * present, each value a non-empty string without NUL, the URLs https, each contact
 * `<kind>:<value>`, an expiry a date. Throws an error naming the field otherwise.
 */
export function parseSecurityTxtSource(json: unknown): SecurityTxt {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error('security.txt: the source must be a JSON object of field names and values');
  }
  const fields: Partial<Record<SecurityTxtField, string>> = {};
  for (const [name, value] of Object.entries(json)) {
    if (!isField(name)) {
      throw new Error(
        `security.txt: unknown field "${name}" (known: ${SECURITY_TXT_FIELDS.join(', ')})`,
      );
    }
    fields[name] = checkValue(name, value);
  }
  for (const name of REQUIRED_SECURITY_TXT_FIELDS) {
    if (fields[name] === undefined) throw new Error(`security.txt: ${name} is required`);
  }
  return fields as SecurityTxt;
}

/** Reads and checks the committed `security.json` (or another file of that shape). */
export function readSecurityTxtSource(path: string = SECURITY_TXT_SOURCE_PATH): SecurityTxt {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`security.txt: cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return parseSecurityTxtSource(json);
}

/** The security.txt bytes the program embeds: begin marker, `name\0value\0` pairs, end marker. */
export function encodeSecurityTxt(fields: SecurityTxt): Uint8Array {
  let text = SECURITY_TXT_BEGIN;
  for (const name of SECURITY_TXT_FIELDS) {
    const value = fields[name];
    if (value !== undefined) text += `${name}\0${value}\0`;
  }
  return new TextEncoder().encode(text + SECURITY_TXT_END);
}

/** The clang define that hands the bytes to `c/security_txt.c` (a list of byte values). */
export function securityTxtDefine(fields: SecurityTxt): string {
  return `-DFBT_SECURITY_TXT_BYTES=${Array.from(encodeSecurityTxt(fields)).join(',')}`;
}
