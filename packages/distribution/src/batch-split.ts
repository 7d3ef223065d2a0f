import { ACCOUNT_COUNTS, ASSOCIATED_TOKEN_PROGRAM_ID } from '@fbt/presale-client';
import {
  ComputeBudgetProgram,
  TransactionInstruction,
  type AddressLookupTableAccount,
  type PublicKey,
} from '@solana/web3.js';
import {
  batchComputeUnits,
  computeBudget,
  transactionFee,
  type DistributeBatch,
} from './distribute-batches';
import { versionedTransactionSize } from './transaction-size';

/** SetComputeUnitPrice's tag in the compute budget program's instruction data. */
const SET_COMPUTE_UNIT_PRICE = 3;

/** The priority fee a batch's instructions set, micro-lamports per unit (0: none). */
export function priorityFeeOf(instructions: readonly TransactionInstruction[]): number {
  const price = instructions.find(
    (instruction) =>
      instruction.programId.equals(ComputeBudgetProgram.programId) &&
      instruction.data[0] === SET_COMPUTE_UNIT_PRICE,
  );
  return price === undefined ? 0 : Number(Buffer.from(price.data).readBigUInt64LE(1));
}

/** `items` in two halves (the first the larger); one item or none: as it is. */
export function halves<T>(items: readonly T[]): T[][] {
  if (items.length < 2) return [[...items]];
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}

/**
 * A Distribute batch in two, each half of its buyers with their own accounts to create and a
 * budget of their own, for a batch refused in preflight for one of its instructions: the half
 * holding the refused account is refused again (and split again), the other goes through. Built
 * from the batch's own instructions (Distribute's head, then each buyer's record and FBT account
 * in the batch's order; a create per buyer whose account is created, in the same order), so each
 * half fits wherever the whole did. One buyer: the batch as it is.
 */
export function splitDistributeBatch(
  batch: DistributeBatch,
  payer: PublicKey,
  lookupTables: readonly AddressLookupTableAccount[],
): DistributeBatch[] {
  if (batch.targets.length < 2) return [batch];
  const distribute = batch.instructions.at(-1)!;
  const head = distribute.keys.slice(0, ACCOUNT_COUNTS.Distribute);
  const creates = batch.instructions.filter((instruction) =>
    instruction.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID),
  );
  const created = batch.targets.filter((target) => target.create);
  const microLamports = priorityFeeOf(batch.instructions);
  const tables = batch.lookupTables ?? lookupTables;
  return halves(batch.targets).map((targets) => {
    const pairs = targets.flatMap((target) => {
      const at = head.length + 2 * batch.targets.indexOf(target);
      return distribute.keys.slice(at, at + 2);
    });
    const computeUnitLimit = batchComputeUnits(targets);
    const instructions = [
      ...computeBudget(computeUnitLimit, microLamports),
      ...targets
        .filter((target) => target.create)
        .map((target) => creates[created.indexOf(target)]!),
      new TransactionInstruction({
        programId: distribute.programId,
        keys: [...head, ...pairs],
        data: distribute.data,
      }),
    ];
    return {
      targets,
      instructions,
      ...versionedTransactionSize(payer, instructions, tables),
      computeUnitLimit,
      feeLamports: transactionFee(computeUnitLimit, microLamports),
      ...(batch.lookupTables === undefined ? {} : { lookupTables: batch.lookupTables }),
    };
  });
}
