import { decodeMint } from '@fbt/domain';

/**
 * How a wallet names a token in a transaction's preview, as Phantom and Solflare do: from the
 * mint's own metadata (the Token-2022 TokenMetadata extension), then the document its `uri`
 * names and the image that document names. A mint without metadata is `unknown`: shown by
 * address only.
 */
export type TokenDescription =
  | {
      readonly kind: 'known';
      readonly mint: string;
      /** The name and symbol the mint's metadata carries. */
      readonly name: string;
      readonly symbol: string;
      readonly uri: string;
      /** The `uri` document's own name and symbol; null when it could not be read. */
      readonly document: { readonly name: string; readonly symbol: string } | null;
      /** The document's `image` URL; null when the document names none. */
      readonly image: string | null;
      /** Whether that image loaded as an image. */
      readonly imageLoads: boolean;
      /** Why the document or its image could not be read; null when both were. */
      readonly problem: string | null;
    }
  | { readonly kind: 'unknown'; readonly mint: string };

/** An account as `getAccountInfo` answers it, its data decoded. */
export interface AccountBytes {
  readonly owner: string;
  readonly data: Uint8Array;
}

/** What describing a mint reaches outside for: the `uri` document and its image. */
export interface MetadataReaders {
  /** The JSON document at `url`; throws when it cannot be read. */
  readonly fetchJson: (url: string) => Promise<unknown>;
  /** Whether the image at `url` loads as an image. */
  readonly loadImage: (url: string) => Promise<boolean>;
}

function textField(document: unknown, field: string): string | null {
  if (typeof document !== 'object' || document === null) return null;
  const value = (document as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
}

/**
 * Describes the mint at `mint` whose account is `account` (null when it does not exist): its
 * metadata's name and symbol, the `uri` document's, and whether the document's image loads.
 */
export async function describeMint(
  mint: string,
  account: AccountBytes | null,
  readers: MetadataReaders,
): Promise<TokenDescription> {
  const metadata = account === null ? null : decodeMint(account.data, account.owner)?.metadata;
  if (metadata === null || metadata === undefined) return { kind: 'unknown', mint };
  const known = { kind: 'known' as const, mint, name: metadata.name, symbol: metadata.symbol };
  let document: unknown;
  try {
    document = await readers.fetchJson(metadata.uri);
  } catch (error) {
    const problem = `The metadata document at ${metadata.uri} could not be read: ${String(error)}`;
    return { ...known, uri: metadata.uri, document: null, image: null, imageLoads: false, problem };
  }
  const name = textField(document, 'name');
  const symbol = textField(document, 'symbol');
  const image = textField(document, 'image');
  const imageLoads = image !== null && (await readers.loadImage(image));
  return {
    ...known,
    uri: metadata.uri,
    document: name === null || symbol === null ? null : { name, symbol },
    image,
    imageLoads,
    problem:
      name === null || symbol === null
        ? `The metadata document at ${metadata.uri} has no name or symbol`
        : image === null
          ? `The metadata document at ${metadata.uri} names no image`
          : imageLoads
            ? null
            : `The image at ${image} does not load`,
  };
}
