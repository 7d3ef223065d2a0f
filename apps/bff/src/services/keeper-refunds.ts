import type { DistributionPresale, RefundBatch, SentBatch } from '@fbt/distribution';
import type { PresaleVariant } from '@fbt/domain';
import type { KeeperContext } from './keeper-context';

/**
 * Refunds every buyer of a failed presale (a usable key, running): the records read from the
 * chain, Refunds packed many to a transaction and sent, each confirmed batch told as progress
 * (the buyers refunded so far). A batch naming a record its buyer refunded meanwhile is refused
 * whole; the presale is looked at again (it is not settled while a record is left) and the next
 * pass refunds the rest. True when anything was sent.
 */
export async function refundIfFailed(
  context: KeeperContext,
  variant: PresaleVariant,
  presale: DistributionPresale,
  now: bigint,
): Promise<boolean> {
  const { keeper, metrics, log } = context;
  const key = context.usableKey();
  if (presale.status !== 'failed' || presale.buyersRefunded >= presale.buyerCount) return false;
  if (!context.running() || !('keypair' in key)) return false;
  const records = await keeper.chain.listBuyerRecords(presale);
  if (records.length === 0) return false;
  const batches = await keeper.chain.planRefunds(presale, records, key.keypair.publicKey);
  const state = context.states[variant];
  let projected = presale;
  const onBatch = (outcome: SentBatch<RefundBatch>) => {
    if ('error' in outcome) {
      metrics.transaction('refund', 'failed');
      state.lastError = `refund: ${outcome.error.message}`;
      log.warn({ variant, err: outcome.error }, 'keeper refund transaction failed');
      return;
    }
    metrics.transaction('refund', 'confirmed');
    metrics.fees(outcome.batch.feeLamports);
    projected = {
      ...projected,
      buyersRefunded: projected.buyersRefunded + BigInt(outcome.batch.records.length),
    };
    context.progress(context.statusOf(variant, projected, now));
  };
  const result = await keeper.chain.sendRefunds(batches, key.keypair, {
    onBatch,
    stopped: () => !context.running(),
  });
  log.info(
    { variant, confirmed: result.confirmed, failed: result.failed, refunded: result.refunded },
    'keeper refund round sent',
  );
  return true;
}
