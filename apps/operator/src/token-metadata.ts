import { TOKEN_2022_PROGRAM_ID } from '@fbt/presale-client';
import {
  extension,
  getInitializeTokenMetadataInstruction,
  getMintSize,
  getUpdateTokenMetadataFieldInstruction,
  getUpdateTokenMetadataUpdateAuthorityInstruction,
  tokenMetadataField,
  type Extension,
} from '@solana-program/token-2022';
import { SystemProgram } from '@solana/web3.js';
import type { Connection, PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { MetadataFields } from './options/token-metadata';
import { OperatorError } from './operator-error';
import {
  kitAddress,
  kitSigner,
  readMint,
  toWeb3Instruction,
  type MintInfo,
  type MintMetadata,
} from './token-program';

const FIELDS = ['name', 'symbol', 'uri'] as const;
type Field = (typeof FIELDS)[number];
/** Each field as the metadata interface's UpdateField names it. */
const FIELD_KIND = {
  name: tokenMetadataField('Name'),
  symbol: tokenMetadataField('Symbol'),
  uri: tokenMetadataField('Uri'),
} as const;

/** One step a metadata change sends, as `--dry-run` and the result name it. */
export interface MetadataStep {
  readonly step: string;
  readonly instruction: TransactionInstruction;
}

/** What {@link planMetadataChange} found and would send. */
export interface MetadataPlan {
  readonly mint: MintInfo;
  /** The metadata once the steps are applied (the current one when nothing changes). */
  readonly after: MintMetadata;
  /** The fields whose value changes, with both values. */
  readonly changes: readonly { field: Field; from: string | null; to: string }[];
  readonly steps: readonly MetadataStep[];
}

/** Options of {@link planMetadataChange}. */
export interface MetadataChange {
  readonly connection: Connection;
  readonly mint: PublicKey;
  /** Who signs: the mint authority to add metadata, the update authority to change it. */
  readonly signer: PublicKey;
  readonly fields: MetadataFields;
  /** The URI metadata is added with when `fields` has none (the site's logo). */
  readonly defaultUri?: string;
  /** Give up the update authority afterwards: the metadata is then fixed for good. */
  readonly revokeUpdateAuthority?: boolean;
}

/** The mint's metadata-capable shape, or an OperatorError saying why it has none. */
function checkMetadataHome(mint: MintInfo): void {
  const name = mint.mint.toBase58();
  if (!mint.tokenProgram.equals(TOKEN_2022_PROGRAM_ID)) {
    throw new OperatorError(
      `mint ${name} is an SPL Token mint, which holds no metadata of its own: create the mint with create-mint --token-program token-2022`,
    );
  }
  if (mint.metadataAddress === null) {
    throw new OperatorError(
      `mint ${name} has no MetadataPointer, and Token-2022 extensions are fixed when a mint is created: its metadata cannot be added`,
    );
  }
  if (!mint.metadataAddress.equals(mint.mint)) {
    throw new OperatorError(
      `mint ${name} keeps its metadata in another account (${mint.metadataAddress.toBase58()}); this command writes metadata held in the mint itself`,
    );
  }
}

/** The mint's size with `metadata` in place of its TokenMetadata. */
function sizeWith(mint: MintInfo, metadata: MintMetadata): number {
  const others = mint.extensions.filter((entry) => entry.__kind !== 'TokenMetadata');
  const written: Extension = extension('TokenMetadata', {
    updateAuthority: metadata.updateAuthority ? kitAddress(metadata.updateAuthority) : null,
    mint: kitAddress(mint.mint),
    name: metadata.name,
    symbol: metadata.symbol,
    uri: metadata.uri,
    additionalMetadata: new Map(metadata.additionalMetadata),
  }) as Extension;
  return getMintSize([...others, written]);
}

/** Initialize, when the mint has a MetadataPointer to itself but no metadata yet. */
function planInitialize(mint: MintInfo, change: MetadataChange): MetadataPlan {
  const { name, symbol } = change.fields;
  const uri = change.fields.uri ?? change.defaultUri;
  if (name === undefined || symbol === undefined || uri === undefined) {
    throw new OperatorError(
      `mint ${mint.mint.toBase58()} has no metadata yet: adding it needs --name, --symbol and --uri (or --site-url)`,
      2,
    );
  }
  if (mint.mintAuthority === null || !mint.mintAuthority.equals(change.signer)) {
    throw new OperatorError(
      `adding metadata needs the mint authority's signature, and the mint authority is ${mint.mintAuthority?.toBase58() ?? 'revoked'}: this mint's metadata can no longer be added`,
    );
  }
  const after: MintMetadata = {
    updateAuthority: change.signer,
    name,
    symbol,
    uri,
    additionalMetadata: new Map(),
  };
  const key = kitAddress(mint.mint);
  const instruction = toWeb3Instruction(
    getInitializeTokenMetadataInstruction({
      metadata: key,
      updateAuthority: kitAddress(change.signer),
      mint: key,
      mintAuthority: kitSigner(change.signer),
      name,
      symbol,
      uri,
    }),
  );
  return {
    mint,
    after,
    changes: FIELDS.map((field) => ({ field, from: null, to: after[field] })),
    steps: [{ step: 'TokenMetadata Initialize', instruction }],
  };
}

/** UpdateField for each changed field, then UpdateAuthority to none when asked. */
function planUpdate(mint: MintInfo, current: MintMetadata, change: MetadataChange): MetadataPlan {
  const name = mint.mint.toBase58();
  if (current.updateAuthority === null) {
    throw new OperatorError(`the metadata of ${name} is fixed: its update authority was given up`);
  }
  if (!current.updateAuthority.equals(change.signer)) {
    throw new OperatorError(
      `the metadata of ${name} can be changed only by its update authority ${current.updateAuthority.toBase58()}, not ${change.signer.toBase58()}`,
    );
  }
  const changes = FIELDS.flatMap((field) => {
    const to = change.fields[field];
    return to === undefined || to === current[field] ? [] : [{ field, from: current[field], to }];
  });
  const key = kitAddress(mint.mint);
  const steps: MetadataStep[] = changes.map(({ field, to }) => ({
    step: `TokenMetadata UpdateField ${field}`,
    instruction: toWeb3Instruction(
      getUpdateTokenMetadataFieldInstruction({
        metadata: key,
        updateAuthority: kitSigner(change.signer),
        field: FIELD_KIND[field],
        value: to,
      }),
    ),
  }));
  if (change.revokeUpdateAuthority === true) {
    steps.push({
      step: 'TokenMetadata UpdateAuthority (none: the metadata becomes fixed)',
      instruction: toWeb3Instruction(
        getUpdateTokenMetadataUpdateAuthorityInstruction({
          metadata: key,
          updateAuthority: kitSigner(change.signer),
          newUpdateAuthority: null,
        }),
      ),
    });
  }
  const after: MintMetadata = {
    ...current,
    ...Object.fromEntries(changes.map(({ field, to }) => [field, to])),
    updateAuthority: change.revokeUpdateAuthority === true ? null : current.updateAuthority,
  };
  return { mint, after, changes, steps };
}

/**
 * Reads the mint and plans a metadata change: adding the name, symbol and URI to a Token-2022
 * mint that points at itself for metadata (signed by its mint authority), or changing fields
 * while the update authority is the signer. A grown account needs more rent, which Token-2022
 * does not take itself: the plan then starts with a transfer of the difference from the signer.
 * Each refusal is an OperatorError that says why (exit 1; 2 for missing fields).
 */
export async function planMetadataChange(change: MetadataChange): Promise<MetadataPlan> {
  const mint = await readMint(change.connection, change.mint);
  checkMetadataHome(mint);
  const plan =
    mint.metadata === null ? planInitialize(mint, change) : planUpdate(mint, mint.metadata, change);
  if (plan.steps.length === 0) return plan;
  const size = sizeWith(mint, plan.after);
  const rent = await change.connection.getMinimumBalanceForRentExemption(size);
  if (rent <= mint.lamports) return plan;
  const topUp: MetadataStep = {
    step: `System Transfer (${rent - mint.lamports} lamports of rent for ${size} bytes)`,
    instruction: SystemProgram.transfer({
      fromPubkey: change.signer,
      toPubkey: change.mint,
      lamports: rent - mint.lamports,
    }),
  };
  return { ...plan, steps: [topUp, ...plan.steps] };
}

/** Metadata as plain JSON (addresses in base58). */
export function metadataJson(metadata: MintMetadata | null): Record<string, unknown> | null {
  if (metadata === null) return null;
  return {
    updateAuthority: metadata.updateAuthority?.toBase58() ?? null,
    name: metadata.name,
    symbol: metadata.symbol,
    uri: metadata.uri,
    additionalMetadata: Object.fromEntries(metadata.additionalMetadata),
  };
}
