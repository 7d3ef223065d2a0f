/**
 * Compute-unit limit of a purchase transaction, sized from its simulation (the site's purchase
 * flow uses the same rule).
 *
 * The simulation runs against the chain as it is; by the time the transaction lands, someone
 * may have sent lamports to the buyer record's address (a griefer can, for the price of a
 * transfer). The program then allocates the address (AllocateWithSeed, which also assigns it)
 * instead of creating it, and takes the missing rent in the buyer's payment transfer into the
 * record, which pays the seller: at most {@link PREFUNDED_RECORD_EXTRA_UNITS} more than the
 * ordinary first buy, which the margin of
 * {@link buyComputeUnitLimit} always covers (a test in programs/presale sends that worst case
 * under the limit sized from the ungriefed simulation, on both builds).
 */
export const PREFUNDED_RECORD_EXTRA_UNITS = 1_500;
/** The most a transaction may ask for. */
export const MAX_TRANSACTION_COMPUTE_UNITS = 1_400_000;
/** The limit used when no simulation figure is available (and for the sizing simulation). */
export const BUY_SIMULATION_COMPUTE_UNITS = 400_000;
/** Fixed margin above the simulated units; at least {@link PREFUNDED_RECORD_EXTRA_UNITS}. */
export const BUY_COMPUTE_UNIT_MARGIN = 1_000;

/**
 * Simulated units plus 15% and {@link BUY_COMPUTE_UNIT_MARGIN}, capped at
 * {@link MAX_TRANSACTION_COMPUTE_UNITS}. Any purchase simulates to more than 3,400 CU, so
 * the margin is at least 1,510 CU: more than a pre-funded record adds.
 *
 * @example buyComputeUnitLimit(10_000) // 12_500
 */
export function buyComputeUnitLimit(simulatedUnits: number | undefined): number {
  if (simulatedUnits === undefined || !(simulatedUnits > 0)) return BUY_SIMULATION_COMPUTE_UNITS;
  return Math.min(
    MAX_TRANSACTION_COMPUTE_UNITS,
    Math.ceil(simulatedUnits * 1.15) + BUY_COMPUTE_UNIT_MARGIN,
  );
}
