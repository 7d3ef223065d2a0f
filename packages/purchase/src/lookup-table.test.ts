import {
  buildBuyInstructions,
  buyLookupTableAddresses,
  MAX_ALLOWLIST_PROOF_DEPTH,
  TOKEN_2022_PROGRAM_ID,
} from '@fbt/presale-client';
import type { PublicKey } from '@solana/web3.js';
import {
  AddressLookupTableAccount,
  AddressLookupTableProgram,
  ComputeBudgetProgram,
  Keypair,
  PACKET_DATA_SIZE,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { readLookupTable } from './lookup-table';
import { isPreparedFor, preparePurchase } from './prepare-purchase';
import type { PurchaseConnection } from './purchase-connection';
import { compileTransaction } from './run-transaction';

const key = () => Keypair.generate().publicKey;
const ACTIVE = 18_446_744_073_709_551_615n;

/** A lookup table account's bytes as the program writes them (56-byte header, then addresses). */
function tableBytes(addresses: readonly PublicKey[], deactivationSlot = ACTIVE): Buffer {
  const data = Buffer.alloc(56 + 32 * addresses.length);
  data.writeUInt32LE(1, 0); // LookupTable
  data.writeBigUInt64LE(deactivationSlot, 4);
  data.writeBigUInt64LE(10n, 12); // last extended slot
  data.writeUInt8(0, 20); // start index
  data.writeUInt8(1, 21); // has an authority
  key().toBuffer().copy(data, 22);
  addresses.forEach((address, i) => address.toBuffer().copy(data, 56 + 32 * i));
  return data;
}

function chainWith(account: { owner: PublicKey; data: Buffer } | null) {
  const reads: string[] = [];
  const connection = {
    getAccountInfo: (address: PublicKey) => {
      reads.push(address.toBase58());
      return Promise.resolve(account);
    },
    getRecentPrioritizationFees: () => Promise.resolve([]),
    getLatestBlockhash: () => Promise.resolve({ blockhash: 'hash-1', lastValidBlockHeight: 9 }),
  } as unknown as PurchaseConnection;
  return { connection, reads };
}

describe('the deployment’s address lookup table', () => {
  const address = key();
  const entries = [key(), key()];

  it('is read as the chain holds it, with its addresses', async () => {
    const { connection } = chainWith({
      owner: AddressLookupTableProgram.programId,
      data: tableBytes(entries),
    });
    const table = await readLookupTable(connection, address);
    expect(table?.key.equals(address)).toBe(true);
    expect(table?.state.addresses.map(String)).toEqual(entries.map(String));
  });

  it.each([
    ['missing', null],
    ['not owned by the lookup table program', { owner: key(), data: tableBytes(entries) }],
    ['unreadable', { owner: AddressLookupTableProgram.programId, data: Buffer.from([2, 0, 0, 0]) }],
    [
      'deactivated',
      { owner: AddressLookupTableProgram.programId, data: tableBytes(entries, 500n) },
    ],
  ] as const)('is not used when %s (the buy is then legacy)', async (_name, account) => {
    expect(await readLookupTable(chainWith(account).connection, address)).toBeNull();
  });

  it('is read ahead with the rest, and read-ahead data is only used for the same table', async () => {
    const { connection, reads } = chainWith({
      owner: AddressLookupTableProgram.programId,
      data: tableBytes(entries),
    });
    const target = {
      buyer: key(),
      presale: key(),
      mint: key(),
      tokenProgram: TOKEN_2022_PROGRAM_ID,
      lookupTable: address,
    };
    const prepared = await preparePurchase(connection, target, () => 1_000);
    expect(reads).toContain(address.toBase58());
    expect(prepared.lookupTableAddress).toBe(address.toBase58());
    expect(prepared.lookupTable?.state.addresses).toHaveLength(2);
    expect(isPreparedFor(prepared, target, 1_000)).toBe(true);
    expect(isPreparedFor(prepared, { ...target, lookupTable: key() }, 1_000)).toBe(false);
    const { lookupTable: _, ...withoutTable } = target;
    expect(isPreparedFor(prepared, withoutTable, 1_000)).toBe(false);
  });
});

describe('the largest buy and the packet size', () => {
  // A first buy through a leader link on an allowlisted presale: it creates the buyer's token
  // account, names the leader record and carries a 20-hash proof, after the two compute-budget
  // instructions the purchase always sends.
  const sale = {
    programId: key(),
    presale: key(),
    seller: key(),
    tempTokenAccount: key(),
    mint: key(),
  };
  const buyer = key();
  const instructions = [
    ComputeBudgetProgram.setComputeUnitLimit({ units: 60_000 }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 25_000 }),
    ...buildBuyInstructions({
      ...sale,
      buyer,
      lamports: 10_000_000_000n,
      createBuyerTokenAccount: true,
      leaderRecord: key(),
      allowlistProof: Array.from({ length: MAX_ALLOWLIST_PROOF_DEPTH }, () =>
        new Uint8Array(32).fill(9),
      ),
    }),
  ];
  const blockhash = key().toBase58();

  it('does not fit one packet as a legacy transaction', () => {
    const legacy = compileTransaction(buyer, blockhash, instructions);
    expect(legacy.version).toBe('legacy');
    expect(legacy.serialize().length).toBeGreaterThan(PACKET_DATA_SIZE);
  });

  it('fits as a version-0 transaction loading the presale’s accounts from its table', () => {
    const table = new AddressLookupTableAccount({
      key: key(),
      state: {
        deactivationSlot: ACTIVE,
        lastExtendedSlot: 10,
        lastExtendedSlotStartIndex: 0,
        addresses: buyLookupTableAddresses([sale]),
      },
    });
    const v0 = compileTransaction(buyer, blockhash, instructions, [table]);
    expect(v0.version).toBe(0);
    expect(v0.serialize().length).toBeLessThanOrEqual(PACKET_DATA_SIZE);
    // Every table entry is loaded (8 accounts), and none of them stays in the message.
    const lookup = v0.message.addressTableLookups[0];
    expect(lookup!.writableIndexes.length + lookup!.readonlyIndexes.length).toBe(8);
    const own = v0.message.staticAccountKeys.map(String);
    for (const entry of table.state.addresses) expect(own).not.toContain(entry.toBase58());
  });
});
