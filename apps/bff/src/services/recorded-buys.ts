import type { LeaderBuy, LeaderLedger } from '@fbt/domain';

/**
 * The ledger with a listener told after every buy it newly records (not after a replay of a
 * known signature). Everything else is the ledger's own (prototype delegation).
 */
export function withRecordedBuyListener(
  ledger: LeaderLedger,
  onRecorded: (buy: LeaderBuy) => void,
): LeaderLedger {
  const wrapped = Object.create(ledger) as LeaderLedger;
  return Object.assign(wrapped, {
    async recordBuy(input: Parameters<LeaderLedger['recordBuy']>[0]) {
      const result = await ledger.recordBuy(input);
      if (result.inserted) onRecorded(result.buy);
      return result;
    },
  });
}
