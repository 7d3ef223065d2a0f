import fs from 'node:fs';
import path from 'node:path';
import {
  computeTokenAmount,
  FBT_TOKEN_NAME,
  FBT_TOKEN_SYMBOL,
  PRESALE_VARIANTS,
  TOKEN_PRICE_LAMPORTS,
  type Deployment,
} from '@fbt/domain';
import { buildAllowlistTree, buildSetAllowlistInstruction } from '@fbt/presale-client';
import { programSoPath } from '@fbt/presale-program';
import { Keypair, PublicKey, type Connection } from '@solana/web3.js';
import { deployProgram } from '../../src/deploy';
import { allowlistTreeFile } from '../../src/files/allowlist-tree-file';
import { createFbtMint, type TokenMetadataInput } from '../../src/mint';
import { SEED_PRESALES } from '../../src/seed';
import { sendInstructions } from '../../src/send';
import { misdeclaredPresales, publicSaleShortOfOwed } from './delivery-faults';
import { presaleFor, type FaultContext as Context } from './sale-builders';

/**
 * Sales that fail one fact of the verify page each, built for real on a local chain next to the
 * seeded one: what a rug would look like on chain.
 */
export const SALE_FAULTS = [
  'mint-authority',
  'freeze-authority',
  'program-bytes',
  'upgrade-authority',
  'vault-short',
  'vault-short-of-owed',
  'declared-terms',
  'allowlist-root',
] as const;
export type SaleFault = (typeof SALE_FAULTS)[number];

/**
 * The facts each fault fails. A program whose bytes are not the committed build also fails each
 * presale's leader commission, which is that build's rule. The program refuses to sell a mint
 * with a freeze authority, so that fault is a deployment naming such a mint beside presales of
 * another: each presale's account line fails too (its mint is not the one named). A vault short
 * of what is owed is a public sale at completion funded one unit short of its whole allocation
 * after a buyer bought: it still holds more than what is left to sell, but less than that plus
 * what it owes the buyer. Declared terms that differ are a deployment file declaring the public
 * sale's other delivery mode and, for a private round at completion, another minimum raise and
 * vesting than the chain's.
 */
export const FAULT_FACTS: Readonly<Record<SaleFault, readonly string[]>> = {
  'mint-authority': ['mint.mint-authority'],
  'freeze-authority': [
    'mint.freeze-authority',
    ...PRESALE_VARIANTS.map((variant) => `presale.${variant}.account`),
  ],
  'program-bytes': [
    'program.build-hash',
    ...PRESALE_VARIANTS.map((variant) => `presale.${variant}.leader-commission`),
  ],
  'upgrade-authority': ['program.upgrade-authority'],
  'vault-short': ['presale.public.vault'],
  'vault-short-of-owed': ['presale.public.vault'],
  'declared-terms': [
    'presale.public.delivery-mode',
    'presale.private.minimum-raise',
    'presale.private.vesting',
  ],
  'allowlist-root': ['presale.private.allowlist'],
};

/** The metadata facts, failed on a mint that carries no TokenMetadata (a classic mint). */
export const METADATA_FACTS = ['mint.metadata-name', 'mint.metadata-symbol', 'mint.metadata-uri'];

/** The metadata the seeded mint carries, for a faulty mint to carry the same (none: classic). */
function seededMetadata({ base }: Context): TokenMetadataInput | undefined {
  return base.metadataUri === undefined
    ? undefined
    : { name: FBT_TOKEN_NAME, symbol: FBT_TOKEN_SYMBOL, uri: base.metadataUri };
}

/**
 * A mint of the whole supply with a freeze authority kept (the operator), mint authority
 * revoked: of the seeded mint's token program, with the seeded metadata on Token-2022, so only
 * the freeze authority differs.
 */
async function createFreezableMint(context: Context): Promise<PublicKey> {
  const metadata = seededMetadata(context);
  const { mint } = await createFbtMint({
    connection: context.connection,
    payer: context.operator,
    freezeAuthority: context.operator.publicKey,
    ...(metadata === undefined ? {} : { metadata }),
  });
  return mint;
}

/** The committed v3 build with one letter of its security.txt changed: valid, but not ours. */
function alteredProgramBytes(): Uint8Array {
  const elf = new Uint8Array(fs.readFileSync(programSoPath('v3')));
  const marker = Buffer.from(elf).indexOf('fbt-presale.example');
  if (marker === -1) throw new Error('no security.txt contact in the committed build');
  elf[marker] = 'g'.charCodeAt(0);
  return elf;
}

async function allPresales(context: Context, programId: PublicKey, mint: PublicKey) {
  const presales = {} as Deployment['presales'];
  for (const variant of PRESALE_VARIANTS) {
    presales[variant] = await presaleFor(context, programId, mint, variant);
  }
  return presales;
}

/** A private presale whose on-chain root is not the root of the list published next to it. */
async function misrootedPrivatePresale(context: Context, dir: string): Promise<string> {
  const programId = new PublicKey(context.base.programId);
  const { address } = await presaleFor(
    context,
    programId,
    new PublicKey(context.base.mint),
    'private',
  );
  const presale = new PublicKey(address);
  const onChain = buildAllowlistTree(presale, [Keypair.generate().publicKey]);
  await sendInstructions(
    context.connection,
    'SetAllowlist',
    [
      buildSetAllowlistInstruction({
        programId,
        seller: context.operator.publicKey,
        presale,
        root: onChain.root,
      }),
    ],
    [context.operator],
  );
  const wallets = [Keypair.generate().publicKey, Keypair.generate().publicKey];
  const published = allowlistTreeFile({
    programId,
    presale,
    variant: 'private',
    tree: buildAllowlistTree(presale, wallets),
    wallets,
  });
  fs.writeFileSync(path.join(dir, 'allowlist-private.json'), JSON.stringify(published));
  return address;
}

async function faultyDeployment(
  context: Context,
  fault: SaleFault,
  dir: string,
): Promise<Deployment> {
  const { connection, operator, base } = context;
  const baseProgram = new PublicKey(base.programId);
  const baseMint = new PublicKey(base.mint);
  switch (fault) {
    case 'mint-authority': {
      const metadata = seededMetadata(context);
      const { mint } = await createFbtMint({
        connection,
        payer: operator,
        keepMintAuthority: true,
        ...(metadata === undefined ? {} : { metadata }),
      });
      return {
        ...base,
        mint: mint.toBase58(),
        presales: await allPresales(context, baseProgram, mint),
      };
    }
    case 'freeze-authority': {
      const mint = await createFreezableMint(context);
      return { ...base, mint: mint.toBase58() };
    }
    case 'program-bytes':
    case 'upgrade-authority': {
      const elf =
        fault === 'program-bytes'
          ? alteredProgramBytes()
          : new Uint8Array(fs.readFileSync(programSoPath('v3')));
      const { programId } = await deployProgram({
        connection,
        payer: operator,
        elf,
        final: fault === 'program-bytes',
      });
      return {
        ...base,
        programId: programId.toBase58(),
        presales: await allPresales(context, programId, baseMint),
      };
    }
    case 'vault-short': {
      const needed = computeTokenAmount(SEED_PRESALES.public.maxTotalBuyable, TOKEN_PRICE_LAMPORTS);
      const publicSale = await presaleFor(context, baseProgram, baseMint, 'public', needed - 1n);
      return { ...base, presales: { ...base.presales, public: publicSale } };
    }
    case 'vault-short-of-owed': {
      const address = await publicSaleShortOfOwed(context);
      return { ...base, presales: { ...base.presales, public: { address } } };
    }
    case 'declared-terms':
      return { ...base, presales: await misdeclaredPresales(context) };
    case 'allowlist-root': {
      const address = await misrootedPrivatePresale(context, dir);
      return { ...base, presales: { ...base.presales, private: { address } } };
    }
  }
}

/**
 * Builds the sale of `fault` on the chain of `base` (the seeded deployment, whose operator signs
 * and pays) and writes its deployment file, with its published allowlist if any, into a fresh
 * `dir`. The lookup table is dropped: it lists the seeded sale's accounts.
 */
export async function buildFaultySale(options: {
  readonly connection: Connection;
  readonly operator: Keypair;
  readonly base: Deployment;
  readonly fault: SaleFault;
  readonly dir: string;
}): Promise<{ deployment: Deployment; file: string }> {
  fs.mkdirSync(options.dir, { recursive: true });
  const { lookupTable: _table, ...base } = options.base;
  const deployment = await faultyDeployment({ ...options, base }, options.fault, options.dir);
  const file = path.join(options.dir, 'deployment.json');
  fs.writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`);
  return { deployment, file };
}
