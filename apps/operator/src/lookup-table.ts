import { buyLookupTableAddresses, fetchMintTokenProgram } from '@fbt/presale-client';
import { AddressLookupTableProgram, PublicKey } from '@solana/web3.js';
import type { Connection, Keypair, TransactionInstruction } from '@solana/web3.js';
import { OperatorError } from './operator-error';
import { fetchPresale } from './presale-admin';
import { sendInstructions } from './send';

/** Addresses one ExtendLookupTable carries, so each transaction stays well inside a packet. */
const ADDRESSES_PER_EXTEND = 20;
/** A table's deactivation slot while it is active (u64::MAX). */
const ACTIVE_TABLE = 18_446_744_073_709_551_615n;

/** What the buy lookup table of some presales needs, read from the chain. */
export interface LookupTablePlan {
  /** The table to complete, or null: a new one is created. */
  readonly table: PublicKey | null;
  /** Everything it should hold (`buyLookupTableAddresses` of the presales as they are now). */
  readonly wanted: readonly string[];
  /** What it holds now (none for a new table). */
  readonly existing: readonly string[];
  /** What is missing, in the order it will be appended. */
  readonly missing: readonly string[];
}

/**
 * Reads the presales (their seller and vault, as buys name them now) and, when `table` is given,
 * the table: it must exist, be active and have `authority` as its authority, or nothing can be
 * appended to it.
 */
export async function planBuyLookupTable(options: {
  readonly connection: Connection;
  readonly programId: PublicKey;
  readonly presales: readonly PublicKey[];
  readonly authority: PublicKey;
  readonly table?: PublicKey;
}): Promise<LookupTablePlan> {
  const { connection, programId } = options;
  const sales = [];
  for (const presale of options.presales) {
    const state = await fetchPresale(connection, programId, presale);
    const mint = new PublicKey(state.mint);
    sales.push({
      programId,
      presale,
      seller: new PublicKey(state.sellerPubkey),
      tempTokenAccount: new PublicKey(state.tempTokenAccountPubkey),
      mint,
      tokenProgram: await fetchMintTokenProgram(connection, mint),
    });
  }
  const wanted = buyLookupTableAddresses(sales).map((key) => key.toBase58());
  if (options.table === undefined) return { table: null, wanted, existing: [], missing: wanted };
  const existing = await readTable(connection, options.table, options.authority);
  const held = new Set(existing);
  return {
    table: options.table,
    wanted,
    existing,
    missing: wanted.filter((address) => !held.has(address)),
  };
}

async function readTable(
  connection: Connection,
  table: PublicKey,
  authority: PublicKey,
): Promise<string[]> {
  const { value } = await connection.getAddressLookupTable(table, { commitment: 'confirmed' });
  const name = table.toBase58();
  if (value === null) {
    throw new OperatorError(`lookup table ${name} does not exist on this cluster`);
  }
  if (value.state.deactivationSlot !== ACTIVE_TABLE) {
    throw new OperatorError(`lookup table ${name} is deactivated: create a new one`);
  }
  const owner = value.state.authority;
  if (owner === undefined || !owner.equals(authority)) {
    throw new OperatorError(
      `lookup table ${name} ${owner === undefined ? 'is frozen' : `has the authority ${owner.toBase58()}`}; --keypair ${authority.toBase58()} cannot extend it`,
    );
  }
  return value.state.addresses.map((key) => key.toBase58());
}

/** What {@link applyBuyLookupTable} did. */
export interface LookupTableResult {
  readonly table: PublicKey;
  readonly created: boolean;
  /** Addresses appended by this run. */
  readonly added: readonly string[];
  /** Everything the table holds now. */
  readonly addresses: readonly string[];
  readonly signatures: readonly string[];
}

/**
 * Creates the table when the plan has none (derived from the cluster's finalized slot, which
 * the SlotHashes sysvar lists) and appends what is missing, `authority` paying and signing.
 * Returns once the chain has moved past the last extension, since a table's new addresses are
 * usable from the next slot on.
 */
export async function applyBuyLookupTable(
  connection: Connection,
  plan: LookupTablePlan,
  authority: Keypair,
): Promise<LookupTableResult> {
  let table = plan.table;
  const transactions: TransactionInstruction[][] = [];
  if (table === null) {
    const [create, address] = await newTable(connection, authority.publicKey);
    table = address;
    transactions.push([create]);
  }
  for (let at = 0; at < plan.missing.length; at += ADDRESSES_PER_EXTEND) {
    const extend = AddressLookupTableProgram.extendLookupTable({
      lookupTable: table,
      authority: authority.publicKey,
      payer: authority.publicKey,
      addresses: plan.missing.slice(at, at + ADDRESSES_PER_EXTEND).map((a) => new PublicKey(a)),
    });
    if (at === 0 && plan.table === null) transactions[0]?.push(extend);
    else transactions.push([extend]);
  }
  const signatures: string[] = [];
  for (const [i, instructions] of transactions.entries()) {
    const step = `lookup table (transaction ${i + 1} of ${transactions.length})`;
    signatures.push(await sendInstructions(connection, step, instructions, [authority]));
  }
  const addresses = await readTable(connection, table, authority.publicKey);
  await waitPastSlot(connection, signatures.at(-1));
  return {
    table,
    created: plan.table === null,
    added: plan.missing,
    addresses,
    signatures,
  };
}

/** How long {@link newTable} waits for the finalized slot to move on, at most (~40 s). */
const NEW_TABLE_ATTEMPTS = 100;
const NEW_TABLE_RETRY_MS = 400;

/**
 * The CreateLookupTable of a table nobody has yet. Its address derives from the authority and a
 * recent slot (the cluster's finalized one, which SlotHashes lists); a table this authority
 * already made from that slot (two made within one slot) means waiting for the next one.
 */
async function newTable(
  connection: Connection,
  authority: PublicKey,
): Promise<[TransactionInstruction, PublicKey]> {
  for (let attempt = 1; ; attempt++) {
    const [create, address] = AddressLookupTableProgram.createLookupTable({
      authority,
      payer: authority,
      recentSlot: await connection.getSlot('finalized'),
    });
    if ((await connection.getAccountInfo(address, 'confirmed')) === null) return [create, address];
    if (attempt === NEW_TABLE_ATTEMPTS) {
      throw new OperatorError(
        `every lookup table address of ${authority.toBase58()} from the finalized slot is taken, and the slot did not move`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, NEW_TABLE_RETRY_MS));
  }
}

/** Waits until the chain's confirmed slot is past the slot `signature` landed in. */
async function waitPastSlot(connection: Connection, signature: string | undefined): Promise<void> {
  if (signature === undefined) return;
  const { value } = await connection.getSignatureStatus(signature);
  const landed = value?.slot ?? 0;
  while ((await connection.getSlot('confirmed')) <= landed) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
