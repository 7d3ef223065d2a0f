import { FBT_TOKEN_NAME, FBT_TOKEN_SYMBOL } from './verify-expectations';

/** Where the site serves the FBT metadata document the mint's metadata `uri` names. */
export const FBT_METADATA_PATH = '/token/fbt.json';
/** Where the site serves the FBT logo the metadata document names (a 512×512 PNG). */
export const FBT_LOGO_PATH = '/token/fbt.png';

/** The off-chain metadata document wallets and explorers read from a token's `uri`. */
export interface TokenMetadataDocument {
  readonly name: string;
  readonly symbol: string;
  readonly description: string;
  /** Absolute URL of the token's logo. */
  readonly image: string;
}

/** What the FBT metadata document says of the token. */
export const FBT_DESCRIPTION =
  'Frustrated Beast Token (FBT): the token of the Frustrated Beast presale, 100,000,000 FBT fixed supply.';

/**
 * The FBT metadata document as the site at `siteOrigin` (an http(s) origin) serves it: the
 * name and symbol the mint's metadata carries, and the site's own logo as its image.
 */
export function fbtMetadataDocument(siteOrigin: string): TokenMetadataDocument {
  return {
    name: FBT_TOKEN_NAME,
    symbol: FBT_TOKEN_SYMBOL,
    description: FBT_DESCRIPTION,
    image: new URL(FBT_LOGO_PATH, siteOrigin).toString(),
  };
}

/** The metadata `uri` of the FBT mint of a site at `siteOrigin`: its metadata document. */
export function fbtMetadataUri(siteOrigin: string): string {
  return new URL(FBT_METADATA_PATH, siteOrigin).toString();
}
