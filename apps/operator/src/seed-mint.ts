import { FBT_TOKEN_NAME, FBT_TOKEN_SYMBOL, fbtMetadataUri } from '@fbt/domain';
import type { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { createFbtMint } from './mint';

/** The token program a seeding mints FBT with. */
export type SeedTokenProgram = 'token-2022' | 'spl-token';

/** The site a local seeding names in the mint's metadata when none is given (`npm start`'s). */
export const DEFAULT_SEED_SITE_URL = 'http://localhost:8080';

/** The seeded mint and the metadata `uri` it carries (null: a classic mint, which carries none). */
export interface SeededMint {
  readonly mint: PublicKey;
  readonly tokenProgram: PublicKey;
  readonly metadataUri: string | null;
}

/**
 * The FBT mint of a seeding: by default a Token-2022 mint naming itself in its TokenMetadata
 * extension (name "Frustrated Beast Token", symbol FBT, and the site's metadata document
 * `<siteUrl>/token/fbt.json` as its `uri`); with `spl-token`, a classic SPL Token mint without
 * metadata. Either way the whole 100M supply goes to the operator and the mint authority is
 * revoked; there is never a freeze authority.
 */
export async function createSeedMint(
  connection: Connection,
  operator: Keypair,
  options: { readonly tokenProgram: SeedTokenProgram; readonly siteUrl: string },
): Promise<SeededMint> {
  if (options.tokenProgram === 'spl-token') {
    const { mint, tokenProgram } = await createFbtMint({ connection, payer: operator });
    return { mint, tokenProgram, metadataUri: null };
  }
  const uri = fbtMetadataUri(options.siteUrl);
  const { mint, tokenProgram } = await createFbtMint({
    connection,
    payer: operator,
    metadata: { name: FBT_TOKEN_NAME, symbol: FBT_TOKEN_SYMBOL, uri },
  });
  return { mint, tokenProgram, metadataUri: uri };
}
