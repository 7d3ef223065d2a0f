import { z } from 'zod';
import { fbtMetadataUri } from '@fbt/domain';
import { usageError } from '../operator-error';
import type { OptionSpecs } from './option-spec';
import { parseWith } from './validators';

/** The token's name, symbol and logo URI, as `create-mint` and `metadata` take them. */
export const METADATA_OPTIONS = {
  name: {
    type: 'string',
    value: '<text>',
    description: 'the token name wallets show (at most 32 bytes)',
  },
  symbol: {
    type: 'string',
    value: '<text>',
    description: 'the ticker wallets show (at most 10 bytes)',
  },
  uri: {
    type: 'string',
    value: '<https url>',
    description:
      'the metadata document URI wallets read (default: <site url>/token/fbt.json, the JSON with name, symbol and logo the site serves)',
  },
  'site-url': {
    type: 'string',
    value: '<https origin>',
    description: 'the site whose metadata document --uri defaults to (default $PUBLIC_SITE_URL)',
  },
} as const satisfies OptionSpecs;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

const text = (flag: string, maxBytes: number) =>
  z
    .string()
    .refine(
      (value) => value.trim() === value && value.length > 0,
      `${flag} must not be empty or padded`,
    )
    .refine((value) => utf8Length(value) <= maxBytes, `${flag} must be at most ${maxBytes} bytes`);

/** An https URL (http only on a loopback host, for the local chain's site). */
const webUrl = (flag: string) =>
  z.string().refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
  }, `${flag} must be an https URL (http only on localhost)`);

/** A site's origin as --site-url (or $PUBLIC_SITE_URL) takes it. */
export const siteUrlSchema = webUrl('--site-url (or $PUBLIC_SITE_URL)');

const metadataSchema = z.object({
  name: text('--name', 32).optional(),
  symbol: text('--symbol', 10).optional(),
  uri: webUrl('--uri')
    .refine((value) => utf8Length(value) <= 200, '--uri must be at most 200 bytes')
    .optional(),
  siteUrl: siteUrlSchema.optional(),
});

/** The metadata fields given on the command line (each optional). */
export interface MetadataFields {
  readonly name?: string;
  readonly symbol?: string;
  readonly uri?: string;
}

/**
 * Reads --name, --symbol and --uri; --uri defaults to the site's logo when `defaultUri` is set
 * and a site URL is known (--site-url, else $PUBLIC_SITE_URL). Exit 2 on a bad value.
 */
export function readMetadataOptions(
  values: { name?: string; symbol?: string; uri?: string; 'site-url'?: string },
  env: Readonly<Record<string, string | undefined>>,
  defaultUri: boolean,
): MetadataFields {
  const siteUrl = values['site-url'] ?? (env.PUBLIC_SITE_URL || undefined);
  const parsed = parseWith(metadataSchema, {
    name: values.name,
    symbol: values.symbol,
    uri: values.uri,
    siteUrl,
  });
  const uri =
    parsed.uri ??
    (defaultUri && parsed.siteUrl !== undefined ? fbtMetadataUri(parsed.siteUrl) : undefined);
  return {
    ...(parsed.name !== undefined ? { name: parsed.name } : {}),
    ...(parsed.symbol !== undefined ? { symbol: parsed.symbol } : {}),
    ...(uri !== undefined ? { uri } : {}),
  };
}

/** All three fields, or a usage error naming the missing ones. */
export function requireAllFields(fields: MetadataFields): Required<MetadataFields> {
  const missing = [
    fields.name === undefined ? '--name' : null,
    fields.symbol === undefined ? '--symbol' : null,
    fields.uri === undefined
      ? '--uri (or --site-url / $PUBLIC_SITE_URL for the site’s logo)'
      : null,
  ].filter((flag): flag is string => flag !== null);
  if (missing.length > 0) {
    throw usageError(`a Token-2022 mint with metadata needs ${missing.join(', ')}`);
  }
  return fields as Required<MetadataFields>;
}
